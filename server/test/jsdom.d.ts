// The part of jsdom (a devDependency, without its own types) the server tests use: its XML
// parser, through a window's DOMParser.
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string);
    readonly window: { DOMParser: typeof DOMParser };
  }
}
