// Secrets stay secret: passwords, session cookies, anti-forgery tokens, OAuth token secrets,
// consumer secrets and personal access tokens never appear in the log (even at trace level,
// even in failed requests and internal errors) nor in an error reply; passwords, sessions
// and personal access tokens are stored only as hashes.
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchToken, OAuthClient, startTestServer, type TestServer } from '../test/harness';

const logged: string[] = [];
let server: TestServer;
beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logged.push(String(chunk));
      done();
    },
  });
  server = await startTestServer({}, { log: pino({ level: 'trace' }, sink) });
});
afterAll(() => server.stop());

describe('secrets', () => {
  it('never reach the log or an error reply, and only their hashes are stored', async () => {
    const secrets: string[] = [];
    const errorBodies: string[] = [];
    const member = await server.signUp('Secret Keeper');
    secrets.push(member.who.password!);
    const session = member.credentialHeaders('POST');
    secrets.push(session.cookie!.split('=')[1]!, session['x-csrf-token']!);

    // A personal access token: created, used, and sent wrong.
    const token = (await member.post('AccessToken', { name: 'script' })).body.entry.token as string;
    secrets.push(token);
    expect((await member.withBearer(token).get('Session')).status).toBe(200);
    errorBodies.push(JSON.stringify((await member.withBearer(`${token}x`).get('BlogPost/recent')).body));

    // OAuth: a token for a program, signed requests, a bad signature, a wrong password.
    const consumer = await server.consumer();
    secrets.push(consumer.secret);
    const issued = await fetchToken(server, consumer, member.who.email!, member.who.password!);
    secrets.push(issued.body.entry.oauthTokenSecret);
    const program = new OAuthClient(server, consumer, { key: issued.body.entry.oauthToken, secret: issued.body.entry.oauthTokenSecret });
    expect((await program.post('BlogPost', { title: 'Signed' })).status).toBe(200);
    const forged = new OAuthClient(server, consumer, { key: issued.body.entry.oauthToken, secret: 'guessed-secret' });
    errorBodies.push(JSON.stringify((await forged.post('BlogPost', { title: 'Forged' })).body));
    errorBodies.push(JSON.stringify((await fetchToken(server, consumer, member.who.email!, 'wrong-password-9')).body));

    // Passwords in failed sign-ins and joins, and secrets in query strings.
    const guess = 'a-guessed-password-7';
    secrets.push(guess);
    errorBodies.push(JSON.stringify((await server.anonymous().post('Session', { email: member.who.email!, password: guess })).body));
    errorBodies.push(JSON.stringify((await server.anonymous().post('User', { email: member.who.email!, password: guess, fullName: 'x' })).body));
    errorBodies.push(JSON.stringify((await server.anonymous().get('Session', { password: guess, access_token: token })).body));
    errorBodies.push(JSON.stringify((await member.withoutCsrf().post('BlogPost', { title: 'no token' })).body));

    const log = logged.join('');
    expect(log).toMatch(/"reqId"/); // the log was written, at trace level
    for (const secret of secrets) {
      expect(log.includes(secret), `log holds ${secret.slice(0, 6)}…`).toBe(false);
      for (const body of errorBodies) expect(body.includes(secret), `an error reply holds ${secret.slice(0, 6)}…`).toBe(false);
    }
    for (const body of errorBodies) expect(body).not.toMatch(/ at .*\.ts:\d+|select |insert |SQLITE|postgres/i);

    // Stored: neither the password, the session cookie nor the access token in any table.
    const tables = await server.db.introspection.getTables();
    let dump = '';
    for (const table of tables) dump += JSON.stringify(await server.db.selectFrom(table.name as 'accounts').selectAll().execute());
    expect(dump.length).toBeGreaterThan(1000);
    for (const secret of [member.who.password!, session.cookie!.split('=')[1]!, token, guess]) {
      expect(dump.includes(secret), `stored ${secret.slice(0, 6)}…`).toBe(false);
    }
  });
});
