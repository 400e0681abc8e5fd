import { isValidNumberFormat } from "../../../components/charts";
import { t } from "../../../lib/i18n";
import type { Validator } from "./control-types";

const isEmpty = (v: unknown) =>
  v === null ||
  v === undefined ||
  (typeof v === "string" && v.trim() === "") ||
  (Array.isArray(v) && v.length === 0);

/** 'cannot be empty' for null, an empty string or an empty array (002 §5). */
export const validateNonEmpty: Validator = (v) => (isEmpty(v) ? t("cannot be empty") : false);

/** Superset's legacyValidateInteger: empty is fine, anything else must be a whole number. */
export const validateInteger: Validator = (v) => {
  if (isEmpty(v)) return false;
  const text = String(v).trim();
  return /^[-+]?\d+$/.test(text) ? false : t("is expected to be an integer");
};

export const validateNumber: Validator = (v) => {
  if (isEmpty(v)) return false;
  return Number.isFinite(Number(String(v).trim())) ? false : t("is expected to be a number");
};

/** 'Value cannot exceed %s' (002 §5). */
export const validateMaxValue =
  (max: number): Validator =>
  (v) =>
    !isEmpty(v) && Number(v) > max ? t("Value cannot exceed %s", max) : false;

export const validateD3Format: Validator = (v) =>
  isEmpty(v) || isValidNumberFormat(String(v)) ? false : t("is not a valid d3 format");
