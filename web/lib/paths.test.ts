// Every `url` the service returns leads to a page of the app.
import { describe, expect, it } from 'vitest';
import { appPath, paths, safeNext } from './paths';

describe('paths', () => {
  it('turn the service’s page addresses into the app’s own, whatever origin built them', () => {
    expect(appPath('http://10.0.0.5:3000/n/apiexample/blog/1%3ABlogPost%3A2')).toBe(paths.blogPost('apiexample', '1:BlogPost:2'));
    expect(appPath('https://example.org/n/apiexample/members/3k8gqvn2f7bq')).toBe(paths.member('apiexample', '3k8gqvn2f7bq'));
    expect(appPath('http://h/n/apiexample/photos/1%3APhoto%3A7')).toBe(paths.photo('apiexample', '1:Photo:7'));
    expect(appPath('http://h/n/apiexample/videos/1%3AVideo%3A3')).toBe(paths.video('apiexample', '1:Video:3'));
    expect(appPath('http://h/n/apiexample/forum/topics/1%3ATopic%3A4')).toBe(paths.forumItem('apiexample', 'topics', '1:Topic:4'));
    expect(appPath('http://h/n/apiexample')).toBe(paths.home('apiexample'));
    expect(appPath('https://www.youtube.com/watch?v=x')).toBe('https://www.youtube.com/watch?v=x');
  });

  it('keep filters in the search and leave out empty ones', () => {
    expect(paths.blog('apiexample', { tag: 'c++ & more' })).toBe('/n/apiexample/blog?tag=c%2B%2B+%26+more');
    expect(paths.blog('apiexample', { tag: undefined, author: 'ada' })).toBe('/n/apiexample/blog?author=ada');
    expect(paths.blog('apiexample')).toBe('/n/apiexample/blog');
  });

  it('redirect after signing in only within the app', () => {
    expect(safeNext('/n/apiexample/blog', '/')).toBe('/n/apiexample/blog');
    expect(safeNext('//evil.example', '/')).toBe('/');
    expect(safeNext('https://evil.example', '/')).toBe('/');
    expect(safeNext('/n/apiexample/blog?tag=a#top', '/')).toBe('/n/apiexample/blog?tag=a#top');
    // Each of these leads a browser to another host.
    for (const next of ['/\\evil.example', '/\\/evil.example', '/\t/evil.example', '/\n/evil.example', ' //evil.example', 'javascript:alert(1)', '\\\\evil.example', null, '']) {
      expect(safeNext(next, '/home'), JSON.stringify(next)).toBe('/home');
    }
  });
});
