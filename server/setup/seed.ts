// Demo content, so a newcomer's first look is at a living network: members, posts with tags,
// comments, photos, forum topics with replies, videos, and a few featured items. Written
// through the same use-cases as API requests.
import type { Logger } from 'pino';
import type { AppDeps, SignedInActor } from '../http/endpoint';
import { viewerOf } from '../http/auth';
import { generatePassword } from '../lib/passwords';
import { isSignedIn } from '../lib/viewer';
import { createPost } from '../resources/blog-posts/service';
import { addComment } from '../resources/comments/service';
import { setFeatured, type FeaturableType } from '../resources/featuring';
import { createCategory, createTopic } from '../resources/forum/service';
import { findNetwork } from '../resources/networks/store';
import { createPhoto } from '../resources/photos/service';
import { addMember, createAccount, findAccountByEmail, membership } from '../resources/users/store';
import { addVideo } from '../resources/videos/service';
import { demoPhoto, demoScenes } from './demo-images';

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

const photos = [
  { title: 'The river at dusk', tags: ['cycling', 'outdoors'], scene: demoScenes.riverAtDusk, body: '<p>Last stop of the weekend ride.</p>' },
  { title: 'Balcony harvest', tags: ['gardening'], scene: demoScenes.balconyTomatoes, body: '<p>The cherry tomatoes, before they were eaten.</p>' },
  { title: 'Loaf number 112', tags: ['baking', 'sourdough'], scene: demoScenes.loafOnTheBoard, body: '<p>Finally an open crumb.</p>' },
  { title: 'Where we meet', tags: ['meetup', 'community'], scene: demoScenes.meetupNight, body: '<p>First Thursday of the month, from seven.</p>' },
];

const categories = [
  { title: 'Introductions', description: 'Say hello and tell us what brings you here.' },
  { title: 'Help and questions', description: 'Stuck on something? Ask here.' },
];

const topics = [
  { category: 0, title: 'Hello from Lisbon', tags: ['welcome'], body: '<p>Long-time reader, first post. I bake, cycle and kill houseplants.</p>' },
  { category: 1, title: 'Which tyres for gravel paths?', tags: ['cycling'], body: '<p>My road tyres do not like the river path. What width do you ride?</p>' },
  { category: 1, title: 'Starter smells of nail varnish', tags: ['baking', 'sourdough'], body: '<p>Is it dead, or just hungry?</p>' },
];

const videos = [
  { url: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ', title: 'Big Buck Bunny', tags: ['film', 'animation'], body: '<p>An open film from the Blender Institute, for a quiet evening.</p>' },
  { url: 'https://vimeo.com/1084537', title: 'Big Buck Bunny on Vimeo', tags: ['film'], body: '<p>The same short, on another host.</p>' },
  { url: 'https://www.youtube.com/watch?v=eRsGyueVLvQ', title: 'Sintel', tags: ['film', 'animation'], body: '<p>A girl, a dragon, and a long search.</p>' },
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
  // Categories and featuring are administrators' work: the Network Creator's, where there is one.
  const creatorId = network.owner_account_id ?? memberIds[0]!;
  const actorFor = async (accountId: number, at: number): Promise<SignedInActor> => {
    const viewer = await viewerOf(deps.db, network.id, accountId, 'session');
    if (!isSignedIn(viewer)) throw new Error(`Account ${accountId} is no member of the network it seeds.`);
    return { ...deps, network, viewer, now: at };
  };
  // Spread over the last days, oldest first, so the listings read like a real history.
  const hours = (n: number) => n * 3_600_000;
  /** `count` comments on an item, by the members after its author (`by`, an index of memberIds). */
  const commentOn = async (type: string, id: number, at: number, by: number, count: number) => {
    for (let c = 0; c < count; c++) {
      const commenter = memberIds[(by + c + 1) % memberIds.length]!;
      await addComment(await actorFor(commenter, at + (c + 1) * 600_000), {
        attachedTo: { networkId: network.id, type, id },
        description: replies[(by + c) % replies.length]!,
      });
    }
  };
  const postIds: number[] = [];
  for (const [i, post] of posts.entries()) {
    const at = now - hours((posts.length - i) * 5);
    const postId = await createPost(await actorFor(memberIds[i % memberIds.length]!, at), { title: post.title, description: post.body, tag: post.tags });
    postIds.push(postId);
    await commentOn('BlogPost', postId, at, i, (i % 3) + 1);
  }
  const photoIds: number[] = [];
  for (const [i, photo] of photos.entries()) {
    const at = now - hours((photos.length - i) * 7 + 2);
    const actor = await actorFor(memberIds[(i + 2) % memberIds.length]!, at);
    const photoId = await createPhoto(actor, { title: photo.title, description: photo.body, tag: photo.tags }, await demoPhoto(photo.scene));
    photoIds.push(photoId);
    await commentOn('Photo', photoId, at, i + 2, i % 2);
  }
  const categoryIds: number[] = [];
  for (const [i, category] of categories.entries()) {
    categoryIds.push(await createCategory(await actorFor(creatorId, now - hours(60 - i)), category));
  }
  for (const [i, topic] of topics.entries()) {
    const at = now - hours((topics.length - i) * 9 + 1);
    const topicId = await createTopic(await actorFor(memberIds[(i + 3) % memberIds.length]!, at), {
      title: topic.title,
      description: topic.body,
      tag: topic.tags,
      categoryId: { networkId: network.id, id: categoryIds[topic.category]! },
    });
    await commentOn('Topic', topicId, at, i + 3, i + 1);
  }
  const videoIds: number[] = [];
  for (const [i, video] of videos.entries()) {
    const at = now - hours((videos.length - i) * 11 + 3);
    const videoId = await addVideo(await actorFor(memberIds[(i + 1) % memberIds.length]!, at), { url: video.url, title: video.title, description: video.body, tag: video.tags });
    videoIds.push(videoId);
    await commentOn('Video', videoId, at, i + 1, 1);
  }
  // The Network Creator features a little of each, some hours after it appeared, as an
  // administrator of a living network would.
  const featured: [FeaturableType, number, number][] = [
    ['BlogPost', postIds[0]!, 38],
    ['BlogPost', postIds[1]!, 33],
    ['Video', videoIds[0]!, 34],
    ['Photo', photoIds[0]!, 28],
    ['Photo', photoIds[2]!, 14],
  ];
  for (const [type, id, hoursAgo] of featured) await setFeatured(await actorFor(creatorId, now - hours(hoursAgo)), type, id, true);
  log?.info(
    { network: subdomain, members: people.length, posts: posts.length, photos: photos.length, topics: topics.length, videos: videos.length },
    'demo content added',
  );
  return password;
}
