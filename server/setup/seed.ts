// Demo content, so a newcomer's first look is at a living network: members, posts with tags,
// comments. Written through the same use-cases as API requests.
import type { Logger } from 'pino';
import type { AppDeps, Actor } from '../http/endpoint';
import { viewerOf } from '../http/auth';
import { generatePassword } from '../lib/passwords';
import { createPost } from '../resources/blog-posts/service';
import { addComment } from '../resources/comments/service';
import { findNetwork } from '../resources/networks/store';
import { addMember, createAccount, findAccountByEmail, membership } from '../resources/users/store';

const people = [
  { fullName: 'Ada Okafor', email: 'ada@demo.example' },
  { fullName: 'Björn Lindqvist', email: 'bjorn@demo.example' },
  { fullName: 'Chen Wei', email: 'chen@demo.example' },
  { fullName: 'Dolores Ruiz', email: 'dolores@demo.example' },
  { fullName: 'Emeka Nwosu', email: 'emeka@demo.example' },
];

const posts = [
  { title: 'Welcome to the community', tags: ['welcome', 'community'], body: '<p>Introduce yourself in the comments: who you are, what you make, what you would like to learn here.</p>' },
  { title: 'Sourdough after a year of failures', tags: ['baking', 'sourdough'], body: '<p>The trick was <strong>temperature</strong>, not flour. Keep the starter at 24&nbsp;°C and feed it twice a day.</p>' },
  { title: 'Weekend ride along the river', tags: ['cycling', 'outdoors'], body: '<p>62 km, mostly flat, one café stop. Photos to follow.</p>' },
  { title: 'Notes from the meetup', tags: ['meetup', 'community'], body: '<ul><li>Next meetup: first Thursday of the month</li><li>Bring a project to show</li></ul>' },
  { title: 'Learning the cello at forty', tags: ['music'], body: '<p>Three months in. The first open-string notes sounded like a door hinge; now they sound like a slightly better door hinge.</p>' },
  { title: 'Balcony tomatoes, an update', tags: ['gardening', 'outdoors'], body: '<p>Seven varieties, one balcony. The cherry ones win again.</p>' },
  { title: 'Reading list for the winter', tags: ['books'], body: '<p>What are you reading? Mine: <em>The Dispossessed</em>, <em>Piranesi</em>, and a field guide to mushrooms.</p>' },
  { title: 'How we moderate here', tags: ['community', 'guidelines'], body: '<p>Be kind, stay on topic, credit other people\'s work. Administrators can hide anything that breaks these rules.</p>' },
];

const replies = ['Love this!', 'Thanks for sharing.', 'I had the same experience.', 'Could you post more details?', 'Great write-up.'];

/** Adds demo members, posts and comments to a network; returns the demo members' password. */
export async function seedDemoContent(deps: AppDeps, subdomain: string, log?: Logger): Promise<string> {
  const network = await findNetwork(deps.db, subdomain);
  if (!network) throw new Error(`No network '${subdomain}'.`);
  const password = generatePassword();
  const now = Date.now();
  const memberIds: number[] = [];
  for (const person of people) {
    const existing = await findAccountByEmail(deps.db, person.email);
    const accountId = existing?.id ?? (await createAccount(deps.db, { ...person, password }, now)).id;
    if (!(await membership(deps.db, network.id, accountId))) await addMember(deps.db, network.id, accountId, 'member', 'active', now);
    memberIds.push(accountId);
  }
  const actorFor = async (accountId: number, at: number): Promise<Actor> => ({
    ...deps,
    network,
    viewer: await viewerOf(deps.db, network.id, accountId, 'session'),
    now: at,
  });
  // Spread over the last days, oldest first, so the listing reads like a real history.
  for (const [i, post] of posts.entries()) {
    const at = now - (posts.length - i) * 5 * 3_600_000;
    const author = memberIds[i % memberIds.length]!;
    const postId = await createPost(await actorFor(author, at), { title: post.title, description: post.body, tag: post.tags });
    for (let c = 0; c < (i % 3) + 1; c++) {
      const commenter = memberIds[(i + c + 1) % memberIds.length]!;
      await addComment(await actorFor(commenter, at + (c + 1) * 600_000), {
        attachedTo: { networkId: network.id, type: 'BlogPost', id: postId },
        description: replies[(i + c) % replies.length]!,
      });
    }
  }
  log?.info({ network: subdomain, members: people.length, posts: posts.length }, 'demo content added');
  return password;
}
