/** The page the server's report renderer opens (outside the app shell: no navigation, no login). */
export const reportRenderPath = "/report/render/";
