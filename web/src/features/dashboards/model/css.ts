/**
 * Dashboard CSS, sanitised before it is put in a <style> element: no markup, no remote imports,
 * no script-bearing constructs (expression(), javascript: URLs, behaviours, bindings).
 */
export function sanitizeCss(css: string | null | undefined): string {
  if (!css) return "";
  return css
    .replace(/<\/?[a-z!][^>]*>?/gi, "")
    .replace(/[<>]/g, "")
    .replace(/@import[^;]*;?/gi, "")
    .replace(/expression\s*\(/gi, "(")
    .replace(/javascript\s*:/gi, "")
    .replace(/vbscript\s*:/gi, "")
    .replace(/-moz-binding\s*:[^;}]*/gi, "")
    .replace(/behavior\s*:[^;}]*/gi, "")
    .replace(/url\(\s*(['"]?)\s*data:(?!image\/(png|gif|jpe?g|webp))[^)]*\)/gi, "url()");
}
