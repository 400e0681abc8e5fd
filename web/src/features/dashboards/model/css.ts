/**
 * Dashboard CSS is sanitised by the one shared rule (contracts' `css-sanitise.ts`): the server
 * stores it sanitised and the page applies the same function again before it reaches a <style>.
 */
export { sanitizeCss } from "@strata/contracts";
