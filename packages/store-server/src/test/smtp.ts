/**
 * Test support (not shipped): a real SMTP server on a free local port that keeps every message
 * the store hands it, parsed, so tests read email as a mail client would.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** Every address a message was sent to. */
export function recipients(mail: ParsedMail): string[] {
  const list = Array.isArray(mail.to) ? mail.to : mail.to === undefined ? [] : [mail.to];
  return list.flatMap((address) => address.value.map((entry) => entry.address ?? ''));
}

/** A running test SMTP server. */
export interface TestSmtp {
  /** `smtp://127.0.0.1:{port}`, for the store's `mail.smtpUrl`. */
  url: string;
  /** Every message received so far, in order. */
  received: ParsedMail[];
  /** The first message (received or still to come) to `to` whose subject has `subject`. */
  next(to: string, subject: string, timeoutMs?: number): Promise<ParsedMail>;
  close(): Promise<void>;
}

export async function startSmtp(): Promise<TestSmtp> {
  const received: ParsedMail[] = [];
  const waiting: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          received.push(mail);
          for (const wake of waiting.splice(0)) wake();
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    async next(to, subject, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = received.find(
          (mail) => recipients(mail).includes(to) && (mail.subject ?? '').includes(subject),
        );
        if (found !== undefined) return found;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no "${subject}" email to ${to} arrived`);
        await new Promise<void>((resolve) => {
          waiting.push(resolve);
          setTimeout(resolve, Math.min(left, 200));
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
