import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../functions/src/app.ts";
import { type Listening, listen } from "../support/listen.ts";
import { ADMIN, startTestServer, type TestServer } from "../support/server.ts";

/**
 * However a request body reaches the Node server (with its headers in one packet, after them, in
 * pieces, cut inside a character), the handler reads all of it and nothing else: a whole body
 * already buffered is taken at once, any other is read as it arrives.
 */
let s: TestServer;
let server: Listening;
let port: number;
let token: string;

beforeAll(async () => {
  s = await startTestServer({ examples: false });
  token = await s.login(ADMIN.username, ADMIN.password);
  server = await listen(createApp(s.runtime.core).fetch);
  port = server.port;
});
afterAll(async () => {
  server.close();
  await s.close();
});

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Sends a request as the given pieces of bytes, `gapMs` apart, and returns the raw reply. */
async function send(pieces: Buffer[], gapMs: number): Promise<{ status: number; body: string }> {
  const socket = connect(port, "127.0.0.1");
  await new Promise((r) => socket.once("connect", r));
  const chunks: Buffer[] = [];
  socket.on("data", (d: Buffer) => chunks.push(d));
  const ended = new Promise((r) => socket.once("close", r));
  for (const [i, piece] of pieces.entries()) {
    if (i > 0) await pause(gapMs);
    socket.write(piece);
  }
  await ended;
  const text = Buffer.concat(chunks).toString("utf8");
  const [head, ...rest] = text.split("\r\n\r\n");
  return { status: Number(head.split(" ")[1]), body: rest.join("\r\n\r\n") };
}

function request(body: Buffer, headers: Record<string, string> = {}): { head: Buffer; body: Buffer } {
  const lines = [
    "POST /api/v1/sqllab/format_sql/ HTTP/1.1",
    `Host: 127.0.0.1:${port}`,
    `Authorization: Bearer ${token}`,
    "Content-Type: application/json",
    "Connection: close",
    ...Object.entries({ "Content-Length": String(body.length), ...headers }).map(([k, v]) => `${k}: ${v}`),
  ];
  return { head: Buffer.from(`${lines.join("\r\n")}\r\n\r\n`), body };
}

// A comment with characters of two, three and four bytes, so a cut can fall inside one.
const SQL = "select a,b from t where a=1 -- prix en €, 日本, 🙂";
const FORMATTED = "SELECT\n  a,\n  b\nFROM\n  t\nWHERE\n  a = 1 -- prix en €, 日本, 🙂";
const body = Buffer.from(JSON.stringify({ sql: SQL }));

describe("request bodies however they arrive", () => {
  it("with the headers in one packet", async () => {
    const { head, body: b } = request(body);
    const reply = await send([Buffer.concat([head, b])], 0);
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.body).result).toBe(FORMATTED);
  });

  it("after the headers, and in pieces cut inside a character", async () => {
    const { head, body: b } = request(body);
    const cut = b.indexOf(Buffer.from("🙂")) + 2;
    for (const pieces of [
      [head, b],
      [head, b.subarray(0, cut), b.subarray(cut)],
      [Buffer.concat([head, b.subarray(0, 10)]), b.subarray(10, cut), b.subarray(cut)],
    ]) {
      const reply = await send(pieces, 30);
      expect(reply.status).toBe(200);
      expect(JSON.parse(reply.body).result).toBe(FORMATTED);
    }
  });

  it("in chunked transfer encoding", async () => {
    const lines = request(Buffer.alloc(0)).head.toString().replace("Content-Length: 0\r\n", "");
    const head = Buffer.from(lines.replace("\r\n\r\n", "\r\nTransfer-Encoding: chunked\r\n\r\n"));
    const chunk = (part: Buffer) =>
      Buffer.concat([Buffer.from(`${part.length.toString(16)}\r\n`), part, Buffer.from("\r\n")]);
    const reply = await send(
      [head, chunk(body.subarray(0, 7)), Buffer.concat([chunk(body.subarray(7)), Buffer.from("0\r\n\r\n")])],
      20,
    );
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.body).result).toBe(FORMATTED);
  });

  it("survives a body cut short by the client, and keeps serving", async () => {
    const { head, body: b } = request(body);
    // The socket stays open but the body never completes: half of it, then the client gives up.
    const socket = connect(port, "127.0.0.1");
    await new Promise((r) => socket.once("connect", r));
    socket.write(Buffer.concat([head, b.subarray(0, 5)]));
    await pause(30);
    socket.destroy();
    const whole = request(body);
    const reply = await send([Buffer.concat([whole.head, whole.body])], 0);
    expect(reply.status).toBe(200);
  });
});
