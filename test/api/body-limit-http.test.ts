import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../functions/src/app.ts";
import { type Listening, listen } from "../support/listen.ts";
import { ADMIN, startTestServer, type TestServer } from "../support/server.ts";

/**
 * Body bounds through a real socket: a declared Content-Length is judged before the body is read;
 * a chunked body (no length) is counted as it arrives. Both answer 413 in Superset's shape.
 */
let s: TestServer;
let server: Listening;
let url: string;
let token: string;

beforeAll(async () => {
  s = await startTestServer({ examples: false });
  token = await s.login(ADMIN.username, ADMIN.password);
  server = await listen(createApp(s.runtime.core).fetch);
  url = server.url;
});
afterAll(async () => {
  server.close();
  await s.close();
});

/** A body sent in pieces without a length (Transfer-Encoding: chunked). */
function chunked(text: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.subarray(at, at + 1024 * 1024));
      at += 1024 * 1024;
    },
  });
}

const post = (body: string | ReadableStream<Uint8Array>) =>
  fetch(`${url}/api/v1/dataset/`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body,
    ...(typeof body === "string" ? {} : { duplex: "half" }),
  } as RequestInit);

describe("request body bounds over HTTP", () => {
  const huge = JSON.stringify({ table_name: "x".repeat(11 * 1024 * 1024) });

  // First: a refused upload ends its connection (the rest of it is never read).
  it("reads bodies under the bound, declared or chunked", async () => {
    const small = JSON.stringify({ database: 999_999, table_name: "nope" });
    for (const body of [small, chunked(small)]) {
      const res = await post(body);
      // The body was read and judged: the database it names does not exist.
      expect(res.status).toBe(422);
      expect(JSON.stringify(await res.json())).toMatch(/database/i);
    }
  });

  it("refuses a declared length over 10 MB with 413", async () => {
    const res = await post(huge);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: "The request is too large." });
  });

  it("refuses a chunked body once it passes 10 MB, with 413", async () => {
    const res = await post(chunked(huge));
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: "The request is too large." });
  });
});
