// Story: a member who forgot their password asks for a link, which the server prints in its
// log (no mail server configured); the link sets a new password once, within an hour, and
// signs the member out everywhere. Asking reveals nobody, and is limited per address and
// per account.
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestServer, type TestServer } from '../../test/harness';
import { expectError } from '../../test/expect-api';
import { sha256 } from '../../lib/random';

let server: TestServer;
/** What the server logged, one object per line. */
const logged: Array<{ msg: string; mail?: { to: string; subject: string } }> = [];
let addresses = 0;

beforeAll(async () => {
  const log = pino({ level: 'info' }, { write: (line: string) => void logged.push(JSON.parse(line)) });
  // Each test asks from addresses of its own (X-Forwarded-For, believed from one proxy).
  server = await startTestServer({ TRUST_PROXY: '1' }, { log });
});
afterAll(() => server.stop());

const newAddress = () => `198.51.100.${++addresses}`;

function ask(email: string, address = newAddress()) {
  return new Client(server).request('POST', 'PasswordReset', {}, { email }, { 'x-forwarded-for': address });
}

function complete(token: string, password: string) {
  return new Client(server).request('POST', 'PasswordReset/complete', {}, { token, password }, { 'x-forwarded-for': newAddress() });
}

const mailsTo = (email: string) => logged.filter((l) => l.mail?.to === email);

/** The token of the latest link printed for this email. */
function latestToken(email: string): string {
  const mail = mailsTo(email).at(-1);
  expect(mail, `a link printed for ${email}`).toBeDefined();
  const link = /(http:\/\/\S+\/n\/apiexample\/reset-password\?token=([\w-]+))/.exec(mail!.msg);
  expect(link, mail!.msg).not.toBeNull();
  return link![2]!;
}

describe('asking for a link', () => {
  it('prints a link for a member in the log, and answers the same for an email nobody uses', async () => {
    const member = await server.signUp('Rosa Reset');
    const known = await ask(member.who.email!);
    expect(known.status).toBe(200);
    expect(known.body).toEqual({ success: true });
    const mail = mailsTo(member.who.email!);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.mail!.subject).toMatch(/new password/);
    expect(mail[0]!.msg).toMatch(/works once, within an hour/);

    const before = logged.filter((l) => l.mail).length;
    const unknown = await ask('nobody-here@test.example');
    expect({ status: unknown.status, body: unknown.body }).toEqual({ status: known.status, body: known.body });
    expect(logged.filter((l) => l.mail).length).toBe(before);
  });

  it('stores only a hash of the token', async () => {
    const member = await server.signUp('Hana Hash');
    await ask(member.who.email!);
    const token = latestToken(member.who.email!);
    const rows = await server.db.selectFrom('password_resets').selectAll().where('account_id', '=', await server.accountIdOf(member)).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(sha256(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows[0]!.expires_at - rows[0]!.created_at).toBe(3_600_000);
  });

  it('lets an address ask 5 times in 15 minutes, then answers 503 5-1 with Retry-After', async () => {
    const address = newAddress();
    for (let i = 0; i < 5; i++) expect((await ask(`someone-${i}@test.example`, address)).status).toBe(200);
    const refused = await ask('someone-else@test.example', address);
    expectError(refused, 503, 5, 1);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(800);
    expect((await ask('someone-else@test.example')).status).toBe(200);
  });

  it('sends an account at most 3 links an hour, still answering the same', async () => {
    const member = await server.signUp('Abe Again');
    for (let i = 0; i < 4; i++) expect((await ask(member.who.email!)).body).toEqual({ success: true });
    expect(mailsTo(member.who.email!)).toHaveLength(3);
  });

  it('refuses a missing or empty email with 400', async () => {
    const anonymous = new Client(server);
    expectError(await anonymous.request('POST', 'PasswordReset', {}, {}, { 'x-forwarded-for': newAddress() }), 400, 4, 2);
    expectError(await ask('   '), 400, 4, 3);
  });
});

describe('choosing a new password with the link', () => {
  it('sets the password once, ends the other links and signs the member out everywhere', async () => {
    const member = await server.signUp('Nell New');
    const email = member.who.email!;
    await ask(email);
    const older = latestToken(email);
    await ask(email);
    const token = latestToken(email);
    expect(token).not.toBe(older);

    const done = await complete(token, 'a-brand-new-password');
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ success: true });

    expect((await member.get('Session')).body.entry).toBeNull();
    expectError(await new Client(server).post('Session', { email, password: member.who.password! }), 401, 1, 5);
    const signedIn = await server.signIn(email, 'a-brand-new-password');
    expect((await signedIn.get('Session')).body.entry.author).toBe(member.who.screenName);

    expectError(await complete(token, 'yet-another-password'), 404, 3, 1);
    expectError(await complete(older, 'yet-another-password'), 404, 3, 1);
    expect((await server.signIn(email, 'a-brand-new-password')).who.email).toBe(email);
  });

  it('works for an hour only', async () => {
    const member = await server.signUp('Olaf Old');
    await ask(member.who.email!);
    const token = latestToken(member.who.email!);
    // Setup no endpoint does: the link was sent an hour ago.
    await server.db
      .updateTable('password_resets')
      .set({ expires_at: Date.now() - 1 })
      .where('token_hash', '=', sha256(token))
      .execute();
    expectError(await complete(token, 'too-late-password'), 404, 3, 1);
    expect((await server.signIn(member.who.email!, member.who.password!)).who.email).toBe(member.who.email);
  });

  it('refuses a bad token or a short password, changing nothing', async () => {
    const member = await server.signUp('Sid Short');
    await ask(member.who.email!);
    const token = latestToken(member.who.email!);
    expectError(await complete(token, 'short'), 400, 4, 3);
    expectError(await complete('not-a-token', 'long-enough-password'), 404, 3, 1);
    expectError(await new Client(server).request('POST', 'PasswordReset/complete', {}, { password: 'long-enough-password' }), 400, 4, 2);
    expect((await server.signIn(member.who.email!, member.who.password!)).who.email).toBe(member.who.email);
    // The link still works after a refused try.
    expect((await complete(token, 'long-enough-password')).status).toBe(200);
  });

  it('one link used twice at once sets one password', async () => {
    const member = await server.signUp('Tia Twice');
    await ask(member.who.email!);
    const token = latestToken(member.who.email!);
    const replies = await Promise.all([complete(token, 'first-racing-password'), complete(token, 'second-racing-password')]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 404]);
    const winner = replies[0]!.status === 200 ? 'first-racing-password' : 'second-racing-password';
    expect((await server.signIn(member.who.email!, winner)).who.email).toBe(member.who.email);
  });
});
