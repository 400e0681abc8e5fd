import { logIn, startE2E } from "./browser.ts";
const e = await startE2E(["birth_names"]);
try {
  await logIn(e, "/superset/welcome/");
  await e.page.goto(
    `${e.url}/explore/?datasource_type=table&datasource_id=1&viz_type=echarts_timeseries_bar`,
  );
  await e.page.locator('[data-test="explore-page"]').waitFor();
  await e.page.waitForTimeout(1000);
  const html = await e.page
    .locator('[data-test="control-metrics"]')
    .evaluate((el) => el.outerHTML)
    .catch((err) => String(err));
  console.log(html.slice(0, 3000));
  await e.page.screenshot({ path: "/tmp/dbg/explore.png" });
} finally {
  await e.close();
}
