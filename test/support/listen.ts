import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";

export interface Listening {
  /** `http://127.0.0.1:{port}` */
  url: string;
  port: number;
  server: Server;
  close(): void;
}

/**
 * Serves a fetch handler (an app's, or a wrapper around one) on a free loopback port, as the
 * local server does: for tests that need a real socket (raw bytes, Superset's own client,
 * links fetched by another process, WebSockets).
 */
export async function listen(fetch: (req: Request) => Response | Promise<Response>): Promise<Listening> {
  const server = serve({ fetch, port: 0, hostname: "127.0.0.1" }) as Server;
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, port, server, close: () => server.close() };
}
