import { createServer, type Server, type Socket } from "node:net";

/** What a client told the fake server: its startup parameters and any password it sent. */
export interface FakePostgresContact {
  startup: Record<string, string>;
  /** The cleartext password message's content, if the client sent one. */
  password?: string;
}

export interface FakePostgres {
  host: string;
  port: number;
  contacts: FakePostgresContact[];
  close(): Promise<void>;
}

/**
 * A listener that speaks just enough of PostgreSQL's wire protocol to collect a password: it
 * refuses TLS, asks for the password in cleartext (AuthenticationCleartextPassword), records the
 * password message and then fails the login like a real server with a wrong password (28P01).
 * It stands for a host an attacker controls.
 */
export async function startFakePostgres(host = "127.0.0.1", port = 0): Promise<FakePostgres> {
  const contacts: FakePostgresContact[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => undefined);
    let buffer = Buffer.alloc(0);
    let contact: FakePostgresContact | undefined;
    socket.on("data", (chunk) => {
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        if (!contact) {
          // Untyped startup-phase messages: int32 length (inclusive), then the body.
          if (buffer.length < 4) return;
          const len = buffer.readInt32BE(0);
          if (buffer.length < len) return;
          const code = buffer.readInt32BE(4);
          const body = buffer.subarray(8, len);
          buffer = buffer.subarray(len);
          if (code === 80877103 || code === 80877104) {
            socket.write("N"); // no TLS, no GSS encryption
            continue;
          }
          contact = { startup: readPairs(body) };
          contacts.push(contact);
          socket.write(authRequest(3));
          continue;
        }
        // Typed messages: byte type, int32 length (excluding the type byte), then the body.
        if (buffer.length < 5) return;
        const type = String.fromCharCode(buffer[0]);
        const len = buffer.readInt32BE(1);
        if (buffer.length < len + 1) return;
        const body = buffer.subarray(5, len + 1);
        buffer = buffer.subarray(len + 1);
        if (type === "p") {
          contact.password = body.toString("utf8").replace(/\0$/, "");
          socket.end(authFailed(contact.startup.user ?? ""));
          return;
        }
        if (type === "X") {
          socket.end();
          return;
        }
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  return {
    host,
    port: (server.address() as { port: number }).port,
    contacts,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

function readPairs(body: Buffer): Record<string, string> {
  const parts = body.toString("utf8").split("\0");
  const out: Record<string, string> = {};
  for (let i = 0; i + 1 < parts.length && parts[i]; i += 2) out[parts[i]] = parts[i + 1];
  return out;
}

function authRequest(kind: number): Buffer {
  const b = Buffer.alloc(9);
  b.write("R", 0);
  b.writeInt32BE(8, 1);
  b.writeInt32BE(kind, 5);
  return b;
}

function authFailed(user: string): Buffer {
  const fields = [
    ["S", "FATAL"],
    ["V", "FATAL"],
    ["C", "28P01"],
    ["M", `password authentication failed for user "${user}"`],
  ];
  const body = Buffer.concat([
    ...fields.map(([k, v]) => Buffer.from(`${k}${v}\0`, "utf8")),
    Buffer.from([0]),
  ]);
  const head = Buffer.alloc(5);
  head.write("E", 0);
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}
