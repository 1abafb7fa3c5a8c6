// Proves a contact message really leaves through SMTP when MAIL_URL is set.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { createTestApp, jsonHeaders, type TestApp } from '../../test/test-app.ts';

interface Received {
  from: string;
  to: string[];
  data: string;
}

const received: Received[] = [];
let smtp: SMTPServer;
let t: TestApp;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          data: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  t = await createTestApp({ env: { MAIL_URL: `smtp://127.0.0.1:${port}` } });
});

afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(resolve));
});

it('delivers the enquiry to the team inbox and a confirmation to the sender over SMTP', async () => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/contact',
    headers: jsonHeaders,
    body: JSON.stringify({
      fullName: 'Omar Saleh',
      email: 'omar@example.com',
      phone: '0501234567',
      enquiry: 'Please call me about storing artwork.',
    }),
  });
  expect(res.statusCode).toBe(201);
  expect(t.ctx.mailer.transport).toBe('smtp');

  const toTeam = received.find((m) => m.to.includes(t.ctx.config.contactInbox));
  expect(toTeam?.data).toContain('New enquiry from Omar Saleh');
  expect(toTeam?.data).toContain('Please call me about storing artwork.');
  expect(received.some((m) => m.to.includes('omar@example.com'))).toBe(true);
});

it('offers no development mailbox while real mail is configured', async () => {
  const res = await t.app.inject({ url: '/api/v1/dev/mailbox?to=omar@example.com' });
  expect(res.statusCode).toBe(404);
});
