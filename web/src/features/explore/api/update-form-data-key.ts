import type { FormData } from "../../../components/charts";
import { apiPut } from "../../../lib/api-client";
import { formDataKeyBody } from "./create-form-data-key";
import { formDataKeyPath } from "./form-data-key";

/** PUT /api/v1/explore/form_data/{key} → {message} */
export const updateFormDataKey = (key: string, fd: FormData, datasourceId: number, chartId?: number | null) =>
  apiPut<{ message: string }>(formDataKeyPath(key), formDataKeyBody(fd, datasourceId, chartId));
