import { notifications } from "@mantine/notifications";

/** Superset's toast types (001 §3): info, success, warning, danger. */
export type ToastType = "info" | "success" | "warning" | "danger";

const COLORS: Record<ToastType, string> = { info: "blue", success: "teal", warning: "yellow", danger: "red" };

export function showToast(type: ToastType, message: string): void {
  notifications.show({
    message,
    color: COLORS[type],
    autoClose: type === "danger" ? 8000 : 4000,
    withBorder: true,
    "data-test": `toast-${type}`,
  });
}

export const toast = {
  info: (message: string) => showToast("info", message),
  success: (message: string) => showToast("success", message),
  warning: (message: string) => showToast("warning", message),
  danger: (message: string) => showToast("danger", message),
};
