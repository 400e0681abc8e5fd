import { act, renderHook } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "./api-error";
import { useFormSave } from "./use-form-save";

describe("useFormSave", () => {
  it("puts the server's field messages on their fields, or everything above the buttons", async () => {
    const rejected = new ApiError({ status: 422, message: "Invalid", fieldErrors: { name: ["Taken"] } });
    const onFields = renderHook(() => useFormSave());
    await act(() => onFields.result.current.save({}, () => Promise.reject(rejected)));
    expect(onFields.result.current.errors).toEqual({ name: "Taken" });
    expect(onFields.result.current.message).toBeNull();

    const above = renderHook(() => useFormSave({ fieldMessages: false }));
    await act(() => above.result.current.save({}, () => Promise.reject(rejected)));
    expect(above.result.current.errors).toEqual({});
    expect(above.result.current.message).toBe("Invalid");
    act(() => above.result.current.dismiss());
    expect(above.result.current.message).toBeNull();
  });

  it("says a form's own text on a 403, tells onFailure too, and shows a failure found before saving", async () => {
    const onFailure = vi.fn();
    const { result } = renderHook(() =>
      useFormSave({
        fieldMessages: false,
        forbidden: "You do not have permission to edit this dashboard",
        onFailure,
      }),
    );
    const forbidden = new ApiError({ status: 403, message: "Forbidden" });
    let saved = true;
    await act(async () => {
      saved = await result.current.save({}, () => Promise.reject(forbidden));
    });
    expect(saved).toBe(false);
    expect(result.current.message).toBe("You do not have permission to edit this dashboard");
    expect(onFailure).toHaveBeenCalledWith(forbidden);
    act(() => result.current.fail("JSON metadata is invalid!"));
    expect(result.current.message).toBe("JSON metadata is invalid!");
  });

  it("keeps messages by item and does not save while there are any", async () => {
    const work = vi.fn(() => Promise.resolve());
    const { result } = renderHook(() => useFormSave<Record<string, string>>({ fieldMessages: false }));
    let saved = true;
    await act(async () => {
      saved = await result.current.save({ "filter-1": { name: "Name is required" } }, work);
    });
    expect(saved).toBe(false);
    expect(work).not.toHaveBeenCalled();
    expect(result.current.errors["filter-1"]).toEqual({ name: "Name is required" });
    await act(async () => {
      saved = await result.current.save({}, work);
    });
    expect(saved).toBe(true);
    expect(result.current.busy).toBe(false);
  });
});
