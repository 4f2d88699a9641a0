import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import { KernelError } from "../shared/notebook-errors";

const DELIMITER = Buffer.from("<IDS|MSG>");

/** A Jupyter message header (messaging protocol 5.3). */
export interface MessageHeader {
  msg_id: string;
  session: string;
  username: string;
  date: string;
  msg_type: string;
  version: string;
}

/** A decoded Jupyter message. `content` is whatever the message type defines. */
export interface JupyterMessage {
  header: MessageHeader;
  parent_header: Partial<MessageHeader>;
  metadata: Record<string, unknown>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  content: any;
}

/** A new message of `msgType` in `session`. */
export function newMessage(msgType: string, session: string, content: unknown): JupyterMessage {
  return {
    header: { msg_id: randomUUID(), session, username: "gasframes", date: new Date().toISOString(), msg_type: msgType, version: "5.3" },
    parent_header: {},
    metadata: {},
    content,
  };
}

function sign(key: string, parts: Buffer[]): string {
  const hmac = createHmac("sha256", key);
  for (const p of parts) hmac.update(p);
  return hmac.digest("hex");
}

/** The multipart frames of `msg`: `<IDS|MSG>`, HMAC-SHA256 signature, header, parent, metadata, content. */
export function encodeMessage(msg: JupyterMessage, key: string): Buffer[] {
  const parts = [msg.header, msg.parent_header, msg.metadata, msg.content].map((p) => Buffer.from(JSON.stringify(p)));
  return [DELIMITER, Buffer.from(key ? sign(key, parts) : ""), ...parts];
}

/**
 * Decodes multipart frames (routing identities are skipped) and checks the signature.
 * Throws KernelError on a missing delimiter, a bad signature or JSON that does not parse: a message
 * that fails the check must be dropped, never trusted.
 */
export function decodeMessage(frames: Buffer[], key: string): JupyterMessage {
  const at = frames.findIndex((f) => f.equals(DELIMITER));
  if (at < 0 || frames.length < at + 6) throw new KernelError("malformed Jupyter message: no <IDS|MSG> delimiter or too few frames");
  const signature = frames[at + 1]!;
  const parts = frames.slice(at + 2, at + 6);
  if (key) {
    const expected = Buffer.from(sign(key, parts));
    if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) {
      throw new KernelError("Jupyter message with an invalid HMAC signature");
    }
  }
  try {
    const [header, parent, metadata, content] = parts.map((p) => JSON.parse(p.toString("utf8")));
    return { header, parent_header: parent, metadata, content };
  } catch (e) {
    throw new KernelError(`Jupyter message with invalid JSON: ${(e as Error).message}`, { cause: e });
  }
}
