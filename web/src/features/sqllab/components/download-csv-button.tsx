import { Button } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { useState } from "react";
import { errorMessage } from "../../../lib/api-error";
import { t } from "../../../lib/i18n";
import { toast } from "../../../lib/toast";
import { sqlLabExportUrl } from "../api/export-url";
import { fetchResults } from "../api/results";
import type { QueryRun } from "../model/types";

/** Starts a browser download of `url` (an attachment: the page stays where it is). */
function download(url: string) {
  const a = document.createElement("a");
  a.href = url;
  a.download = "";
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/**
 * Every stored row as CSV from the server's export endpoint, not only the rows shown. The browser
 * streams the attachment itself instead of the page buffering it; a failed attachment only shows
 * as a failed download, so a zero-row read of the stored results goes first and its error (e.g. a
 * 404 'The results have expired; run the query again.') becomes a toast instead.
 */
export function DownloadCsvButton({ query, disabled }: { query: QueryRun; disabled: boolean }) {
  const [checking, setChecking] = useState(false);
  const onClick = async () => {
    if (query.resultsKey) {
      setChecking(true);
      try {
        await fetchResults(query.resultsKey, 0);
      } catch (e) {
        toast.danger(errorMessage(e));
        return;
      } finally {
        setChecking(false);
      }
    }
    download(sqlLabExportUrl(query.id));
  };
  return (
    <Button
      size="xs"
      variant="default"
      leftSection={<IconDownload size={14} />}
      onClick={() => void onClick()}
      loading={checking}
      disabled={disabled}
      data-test="download-csv"
    >
      {t("Download to CSV")}
    </Button>
  );
}
