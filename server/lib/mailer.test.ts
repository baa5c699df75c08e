// With SMTP_URL set, mail goes out by SMTP: a small mail server here receives it.
import net from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createMailer } from './mailer';

let smtp: net.Server;
let port: number;
const received: string[] = [];

// Just enough SMTP (RFC 5321) to take one message per connection.
beforeAll(async () => {
  smtp = net.createServer((socket) => {
    let data: string | null = null;
    let buffer = '';
    socket.write('220 test ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let end: number;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data !== null) {
          if (line === '.') {
            received.push(data);
            data = null;
            socket.write('250 queued\r\n');
          } else data += `${line}\n`;
        } else if (/^(EHLO|HELO)/i.test(line)) socket.write('250 test\r\n');
        else if (/^DATA/i.test(line)) {
          data = '';
          socket.write('354 go on\r\n');
        } else if (/^QUIT/i.test(line)) socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  port = (smtp.address() as net.AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

it('sends mail through the SMTP server of SMTP_URL, from SMTP_FROM', async () => {
  const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Gardeners <no-reply@gardeners.example>', log: pino({ level: 'silent' }) });
  mailer.send({ to: 'ada@example.com', subject: 'Choose a new password', text: 'The link: http://x.example/reset' });
  await expect.poll(() => received.length, { timeout: 5000 }).toBe(1);
  expect(received[0]).toMatch(/^From: Gardeners <no-reply@gardeners\.example>$/m);
  expect(received[0]).toMatch(/^To: ada@example\.com$/m);
  expect(received[0]).toMatch(/^Subject: Choose a new password$/m);
  expect(received[0]).toContain('The link: http://x.example/reset');
});

it('prints the mail in the log when no SMTP server is configured', () => {
  const lines: Array<{ msg: string; mail: { to: string } }> = [];
  const mailer = createMailer({ from: 'x <x@y.example>', log: pino({ level: 'info' }, { write: (l: string) => void lines.push(JSON.parse(l)) }) });
  mailer.send({ to: 'ada@example.com', subject: 'Hello', text: 'The link: http://x.example/reset' });
  expect(lines).toHaveLength(1);
  expect(lines[0]!.mail.to).toBe('ada@example.com');
  expect(lines[0]!.msg).toContain('The link: http://x.example/reset');
});
