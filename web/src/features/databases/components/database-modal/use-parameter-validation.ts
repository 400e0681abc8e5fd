import { useDebouncedValue } from "@mantine/hooks";
import useSWR from "swr";
import { type ParameterErrors, validateParameters } from "../../api/validate-parameters";
import { cleanParameters, type DatabaseFormValues } from "./form-values";

const NONE: ParameterErrors = {};

/** Validates the parameters as the user types (debounced), once they touched the form. */
export function useParameterValidation(values: DatabaseFormValues, touched: boolean): ParameterErrors {
  const payload =
    touched && values.engine && values.configuration_method === "dynamic_form"
      ? JSON.stringify({
          engine: values.engine,
          parameters: cleanParameters(values.parameters),
          database_name: values.database_name,
          configuration_method: "dynamic_form",
        })
      : null;
  const [debounced] = useDebouncedValue(payload, 500);
  const { data } = useSWR(
    debounced ? ["validate_parameters", debounced] : null,
    ([, body]) => validateParameters(JSON.parse(body)),
    { revalidateOnFocus: false, shouldRetryOnError: false, keepPreviousData: true },
  );
  return payload ? (data ?? NONE) : NONE;
}
