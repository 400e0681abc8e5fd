import type { IncomingMessage } from "node:http";
import type { MiddlewareHandler } from "hono";

/**
 * On the Node server a small request body nearly always arrives in the same packet as its
 * headers: by the handler's first await it sits whole in the request stream's buffer. Read
 * through the stream's events instead ('data', then 'end', each a tick later) it cost about a
 * tenth of a millisecond, as much as authenticating the request. A body already held whole is
 * handed to @hono/node-server as `rawBody`, which it reads before its stream path; any other body
 * (large, chunked, still arriving) is left to that path. Lambda hands the body over whole anyway.
 */
export function bufferedBody(): MiddlewareHandler {
  return async (c, next) => {
    const incoming = (c.env as { incoming?: IncomingMessage & { rawBody?: Buffer } } | undefined)?.incoming;
    if (incoming && c.req.method !== "GET" && c.req.method !== "HEAD") {
      // The parser delivers the rest of the packet (the body) once this synchronous turn yields.
      await Promise.resolve();
      const declared = Number(incoming.headers["content-length"]);
      if (
        declared > 0 &&
        !incoming.readableDidRead &&
        incoming.readableLength === declared &&
        incoming.rawBody === undefined
      ) {
        const body: unknown = incoming.read();
        if (Buffer.isBuffer(body) && body.length === declared) incoming.rawBody = body;
      }
    }
    return next();
  };
}
