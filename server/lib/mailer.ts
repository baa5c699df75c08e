// Mail to members (password reset links). With SMTP_URL set it goes out by SMTP (nodemailer);
// without, the message is printed in the server log, so a single-machine install works
// without a mail server and its operator can pass the link on.
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** Sends the mail; failures are logged, never thrown, so a request does not wait on or reveal them. */
  send(mail: Mail): void;
}

export function createMailer(options: { smtpUrl?: string; from: string; log: Logger }): Mailer {
  const { smtpUrl, from, log } = options;
  if (!smtpUrl) {
    return {
      send(mail) {
        log.info({ mail: { to: mail.to, subject: mail.subject } }, `Mail (SMTP_URL is not set, so it is printed here):\n${mail.text}`);
      },
    };
  }
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    send(mail) {
      transport
        .sendMail({ from, ...mail })
        .then(() => log.info({ mail: { to: mail.to, subject: mail.subject } }, 'mail sent'))
        .catch((err: unknown) => log.error({ err, mail: { to: mail.to, subject: mail.subject } }, 'mail could not be sent'));
    },
  };
}
