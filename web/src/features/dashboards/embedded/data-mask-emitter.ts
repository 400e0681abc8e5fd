import type { DataMaskMap } from "../model/dashboard-types";
import { type HostChannel, isAllowedOrigin, originOf } from "./guest-token-messages";

/**
 * 001 §2 uiConfig bit 16: the dashboard's data mask goes to the host on every change:
 * - on the SDK's port: `{switchboardAction: "emit", method: "observeDataMask", args: {...dataMask, activeTabs?}}`
 *   (the embedded SDK's `observeDataMask` event);
 * - to `window.parent`: `{type: "dataMask", dataMask}`, posted only to a known allowed origin
 *   (never "*").
 */

export const OBSERVE_DATA_MASK = "observeDataMask";

/** Plain JSON (postMessage's structured clone refuses functions and the like). */
const plain = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

export function portMessage(dataMask: DataMaskMap, activeTabs: string[] = []) {
  const args: Record<string, unknown> = { ...plain(dataMask) };
  if (activeTabs.length) args.activeTabs = [...activeTabs];
  return { switchboardAction: "emit" as const, method: OBSERVE_DATA_MASK, args };
}

export function windowMessage(dataMask: DataMaskMap) {
  return { type: "dataMask" as const, dataMask: plain(dataMask) };
}

type PortLike = Pick<MessagePort, "postMessage">;
type ParentLike = Pick<Window, "postMessage">;

export interface EmitTargets {
  /** The SDK's transferred port, when there was a handshake. */
  port?: PortLike | null;
  /** The embedding window (none when the page is not framed). */
  parent?: ParentLike | null;
  /** The allowed origin the host spoke from; without it nothing is posted to the parent. */
  origin?: string | null;
}

export function emitDataMask(targets: EmitTargets, dataMask: DataMaskMap, activeTabs: string[] = []): void {
  try {
    targets.port?.postMessage(portMessage(dataMask, activeTabs));
  } catch {
    // A closed or broken port: the window message below still goes out.
  }
  if (targets.parent && targets.origin) {
    try {
      targets.parent.postMessage(windowMessage(dataMask), targets.origin);
    } catch {
      // Ignored: the host may have navigated away.
    }
  }
}

/**
 * The origin to post to when no host message said where it is (a `?guest_token=` URL): the
 * referrer's origin, if it is an allowed domain.
 */
export function referrerOrigin(
  referrer: string,
  allowedDomains: string[],
  selfOrigin: string,
): string | null {
  const origin = referrer ? originOf(referrer) : null;
  return origin && isAllowedOrigin(origin, allowedDomains, selfOrigin) ? origin : null;
}

/** The latest host channel: a port transfer keeps its port; a later plain message keeps the port. */
export function mergeHost(prev: HostChannel | null, next: HostChannel): HostChannel {
  return next.port ? next : { origin: next.origin, port: prev?.port };
}
