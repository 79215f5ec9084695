/**
 * How the store sends email: over SMTP (`smtpUrl`, nodemailer's transport), or, with no SMTP
 * server configured, into an outbox directory of `.eml` files the operator can open (the same
 * MIME message SMTP would carry, written by nodemailer's stream transport).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createTransport, type Transporter } from 'nodemailer';
import { StoreServerError } from '../errors';

/** Where the store's email goes. One of `smtpUrl` or `outboxDir` is needed for mail to leave. */
export interface MailOptions {
  /**
   * An SMTP server URL as nodemailer reads it: `smtp://user:pass@host:587`, `smtps://host:465`
   * (TLS from the start); `?tls.rejectUnauthorized=false` and other query options pass through.
   * @default undefined
   * @example { smtpUrl: process.env.SMTP_URL }
   */
  smtpUrl?: string;
  /**
   * With no `smtpUrl`: a directory to write each message to as `{time}-{kind}-{n}.eml`.
   * Created when missing.
   * @default undefined (no mail is sent at all)
   * @example { outboxDir: '.data/outbox' }
   */
  outboxDir?: string;
  /**
   * The `From` header (WooCommerce's "From" name and address).
   * @default `"{site name}" <store@{siteUrl's host, or localhost}>`
   */
  from?: string;
  /**
   * Who gets the new-order notice (WooCommerce's "New order" recipient).
   * @default the first administrator's email
   */
  shopEmail?: string;
}

/** One message, ready to send. */
export interface MailMessage {
  /** What the message is, for logs and outbox file names: `customer-order`, `new-order`, `reset-password`. */
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends messages; never throws for a refused or failed delivery (it reports through `onError`). */
export interface Mailer {
  /** A sentence for the start-up log: where mail goes. */
  readonly description: string;
  /** Sends one message; resolves when it was handed over (or failed and was reported). */
  send(message: MailMessage): Promise<void>;
  /** Closes SMTP connections. */
  close(): void;
}

/** A mailer that drops everything (no `smtpUrl` and no `outboxDir`). */
export const NO_MAIL: Mailer = {
  description: 'email is off (no SMTP_URL and no outbox)',
  send: async () => {},
  close: () => {},
};

function describeSmtp(url: URL): string {
  return `email is sent over SMTP to ${url.protocol}//${url.host}`;
}

/**
 * Builds the store's mailer from its options.
 *
 * @throws {StoreServerError} `invalid_option` for an unreadable `smtpUrl`
 */
export function createMailer(
  options: MailOptions,
  from: string,
  onError: (error: unknown, message: MailMessage) => void,
): Mailer {
  if (options.smtpUrl !== undefined) {
    let url: URL;
    try {
      url = new URL(options.smtpUrl);
    } catch {
      url = new URL('invalid:');
    }
    if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
      throw new StoreServerError(
        'invalid_option',
        'mail.smtpUrl must be an smtp:// or smtps:// URL.',
      );
    }
    const transport: Transporter = createTransport(options.smtpUrl, { from });
    return {
      description: describeSmtp(url),
      async send(message) {
        try {
          await transport.sendMail(toNodemailer(message));
        } catch (error) {
          onError(error, message);
        }
      },
      close: () => transport.close(),
    };
  }
  if (options.outboxDir !== undefined) {
    const directory = path.resolve(options.outboxDir);
    const transport = createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    let counter = 0;
    return {
      description: `email is written to ${directory} (one .eml file per message; set SMTP_URL to send it)`,
      async send(message) {
        try {
          const info = await transport.sendMail({ from, ...toNodemailer(message) });
          await mkdir(directory, { recursive: true });
          counter += 1;
          const stamp = new Date().toISOString().replace(/[:.]/g, '-');
          const name = `${stamp}-${message.kind}-${process.pid}-${counter}.eml`;
          await writeFile(path.join(directory, name), info.message as Buffer, { mode: 0o600 });
        } catch (error) {
          onError(error, message);
        }
      },
      close: () => {},
    };
  }
  return NO_MAIL;
}

function toNodemailer(message: MailMessage) {
  return { to: message.to, subject: message.subject, text: message.text, html: message.html };
}
