import { afterEach, describe, expect, it, vi } from "vitest";
import type { DataMaskMap } from "../model/dashboard-types";
import { emitDataMask, mergeHost, portMessage, referrerOrigin, windowMessage } from "./data-mask-emitter";
import { COMMS_TYPE, listenForGuestToken } from "./guest-token-messages";

const HOST = "https://host.example";
const SELF = window.location.origin;
const mask: DataMaskMap = {
  "NATIVE_FILTER-a": {
    id: "NATIVE_FILTER-a",
    extraFormData: { filters: [{ col: "gender", op: "IN", val: ["boy"] }] },
    filterState: { value: ["boy"] },
  },
  "11": { id: "11", extraFormData: {}, filterState: { value: null } },
};

describe("data mask messages", () => {
  it("has the SDK's observeDataMask shape, with active tabs only when there are some", () => {
    expect(portMessage(mask, ["TAB-1"])).toEqual({
      switchboardAction: "emit",
      method: "observeDataMask",
      args: { ...mask, activeTabs: ["TAB-1"] },
    });
    expect(portMessage(mask).args).not.toHaveProperty("activeTabs");
    expect(windowMessage(mask)).toEqual({ type: "dataMask", dataMask: mask });
  });

  it("posts to the port, and to the parent only with a known origin", () => {
    const port = { postMessage: vi.fn() };
    const parent = { postMessage: vi.fn() };
    emitDataMask({ port, parent, origin: HOST }, mask, []);
    expect(port.postMessage).toHaveBeenCalledWith(portMessage(mask));
    expect(parent.postMessage).toHaveBeenCalledWith(windowMessage(mask), HOST);
    emitDataMask({ port: null, parent, origin: null }, mask);
    expect(parent.postMessage).toHaveBeenCalledTimes(1);
    // A broken port does not stop the window message.
    const broken = {
      postMessage: vi.fn(() => {
        throw new Error("closed");
      }),
    };
    emitDataMask({ port: broken, parent, origin: HOST }, mask);
    expect(parent.postMessage).toHaveBeenCalledTimes(2);
  });

  it("uses the referrer's origin only when it is allowed", () => {
    expect(referrerOrigin(`${HOST}/page?x=1`, [HOST], SELF)).toBe(HOST);
    expect(referrerOrigin("https://evil.example/", [HOST], SELF)).toBeNull();
    expect(referrerOrigin("", [HOST], SELF)).toBeNull();
  });

  it("keeps the SDK port when a later plain message names the origin", () => {
    const port = {} as MessagePort;
    expect(mergeHost({ origin: HOST, port }, { origin: HOST })).toEqual({ origin: HOST, port });
    expect(mergeHost(null, { origin: HOST })).toEqual({ origin: HOST, port: undefined });
  });
});

describe("listenForGuestToken onHost", () => {
  let stop: (() => void) | undefined;
  afterEach(() => stop?.());
  const post = (data: unknown, origin: string, ports: unknown[] = []) =>
    window.dispatchEvent(Object.assign(new MessageEvent("message", { data, origin }), { ports }) as Event);

  it("reports the allowed origin of port transfers and token messages, never others", () => {
    const onHost = vi.fn();
    stop = listenForGuestToken(window, [HOST], () => {}, onHost);
    const port = { onmessage: null, start: vi.fn(), close: vi.fn() };
    post({ type: COMMS_TYPE, handshake: "port transfer" }, "https://evil.example", [port]);
    post({ type: "guestToken", guestToken: "x" }, "https://evil.example");
    expect(onHost).not.toHaveBeenCalled();
    post({ type: COMMS_TYPE, handshake: "port transfer" }, HOST, [port]);
    post({ type: "guestToken", guestToken: "x" }, HOST);
    expect(onHost.mock.calls).toEqual([[{ origin: HOST, port }], [{ origin: HOST }]]);
  });
});
