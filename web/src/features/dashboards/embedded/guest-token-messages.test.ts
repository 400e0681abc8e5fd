import { afterEach, describe, expect, it, vi } from "vitest";
import { parseUiConfig } from "./embed-flags";
import {
  COMMS_TYPE,
  isAllowedOrigin,
  listenForGuestToken,
  tokenFromPortMessage,
  tokenFromWindowMessage,
} from "./guest-token-messages";

const SELF = window.location.origin;
const HOST = "https://host.example";
const post = (data: unknown, origin: string, ports: unknown[] = []) =>
  window.dispatchEvent(Object.assign(new MessageEvent("message", { data, origin }), { ports }) as Event);

describe("guest token messages", () => {
  let stop: (() => void) | undefined;
  afterEach(() => stop?.());

  it("parses the plain and switchboard messages", () => {
    expect(tokenFromWindowMessage({ type: "guestToken", guestToken: "abc" })).toBe("abc");
    expect(tokenFromWindowMessage({ type: "guestToken", guestToken: "" })).toBeNull();
    expect(tokenFromWindowMessage({ type: "other", guestToken: "abc" })).toBeNull();
    expect(tokenFromWindowMessage("guestToken")).toBeNull();
    expect(
      tokenFromPortMessage({ switchboardAction: "emit", method: "guestToken", args: { guestToken: "t" } }),
    ).toBe("t");
    expect(tokenFromPortMessage({ switchboardAction: "get", method: "guestToken", args: {} })).toBeNull();
  });

  it("accepts this origin and allowed domains only (trailing slashes and paths ignored)", () => {
    expect(isAllowedOrigin(HOST, ["https://host.example/"], SELF)).toBe(true);
    expect(isAllowedOrigin(HOST, ["https://host.example/app"], SELF)).toBe(true);
    expect(isAllowedOrigin("https://evil.example", [HOST], SELF)).toBe(false);
    expect(isAllowedOrigin("http://host.example", [HOST], SELF)).toBe(false);
    expect(isAllowedOrigin(SELF, [], SELF)).toBe(true);
    expect(isAllowedOrigin("null", ["null"], SELF)).toBe(false);
    expect(isAllowedOrigin(HOST, ["not a url"], SELF)).toBe(false);
  });

  it("takes a window message from an allowed origin and ignores others", () => {
    const onToken = vi.fn();
    stop = listenForGuestToken(window, [HOST], onToken);
    post({ type: "guestToken", guestToken: "bad" }, "https://evil.example");
    post({ type: "guestToken", guestToken: "good" }, HOST);
    post({ type: "guestToken", guestToken: "refreshed" }, HOST);
    expect(onToken.mock.calls).toEqual([["good"], ["refreshed"]]);
    stop();
    post({ type: "guestToken", guestToken: "late" }, HOST);
    expect(onToken).toHaveBeenCalledTimes(2);
  });

  it("follows the SDK's port transfer and reads tokens from the port", () => {
    const onToken = vi.fn();
    stop = listenForGuestToken(window, [HOST], onToken);
    const port = {
      onmessage: null as ((e: { data: unknown }) => void) | null,
      start: vi.fn(),
      close: vi.fn(),
    };
    const evilPort = { onmessage: null, start: vi.fn(), close: vi.fn() };
    post({ type: COMMS_TYPE, handshake: "port transfer" }, "https://evil.example", [evilPort]);
    expect(evilPort.onmessage).toBeNull();
    post({ type: COMMS_TYPE, handshake: "port transfer" }, HOST, [port]);
    expect(port.start).toHaveBeenCalled();
    port.onmessage?.({
      data: { switchboardAction: "emit", method: "guestToken", args: { guestToken: "p1" } },
    });
    port.onmessage?.({ data: { switchboardAction: "emit", method: "other", args: {} } });
    expect(onToken.mock.calls).toEqual([["p1"]]);
    stop();
    expect(port.close).toHaveBeenCalled();
  });
});

describe("uiConfig", () => {
  it("reads the bit mask", () => {
    expect(parseUiConfig(null)).toEqual({
      hideTitle: false,
      hideTab: false,
      hideNav: false,
      hideChartControls: false,
      emitDataMasks: false,
    });
    expect(parseUiConfig("11")).toMatchObject({
      hideTitle: true,
      hideTab: true,
      hideNav: false,
      hideChartControls: true,
    });
    expect(parseUiConfig("16").emitDataMasks).toBe(true);
    expect(parseUiConfig("x").hideTitle).toBe(false);
  });
});
