// The post's text, edited in place with TipTap (ProseMirror): a formatting toolbar for bold,
// italic, headings, links, lists, quotes and images from the writer's photos. It writes only
// markup the service's allowlist keeps, so what the writer sees is what readers get.
import Image from '@tiptap/extension-image';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { LinkDialog } from './link-dialog';
import { PhotoPicker } from './photo-picker';

type Props = {
  network: string;
  author: string;
  initialHtml: string;
  onChange: (html: string) => void;
  labelledBy: string;
  describedBy?: string;
};

export function RichTextEditor({ network, author, initialHtml, onChange, labelledBy, describedBy }: Props) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        // The post's title is its one top heading; inside the text, two levels are enough.
        heading: { levels: [2, 3] },
        codeBlock: false,
        code: false,
        link: { openOnClick: false, autolink: true, defaultProtocol: 'https', protocols: ['http', 'https', 'mailto'] },
      }),
      Image.configure({ inline: false }),
    ],
    content: initialHtml,
    editorProps: {
      // ProseMirror reads a pasted page into a detached document, where the browser still checks
      // event-handler attributes against the page's CSP; the editor keeps none, so none go in.
      transformPastedHTML: withoutEventHandlers,
      attributes: {
        class: 'editor-content rich-text',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelledBy,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      },
    },
    onUpdate: ({ editor }) => onChange(editor.isEmpty ? '' : editor.getHTML()),
  });

  return (
    <div className="editor">
      <Toolbar editor={editor} network={network} author={author} />
      <EditorContent editor={editor} />
    </div>
  );
}

/** Markup without `on…=` attributes in its tags (quoted values kept whole), as text, before anything parses it. */
export function withoutEventHandlers(html: string): string {
  return html.replace(/<[a-z][^\s/>]*(?:"[^"]*"|'[^']*'|[^>"'])*>?/gi, (tag) =>
    tag.replace(/([\s/"'])on[a-z-]*\s*=\s*("[^"]*"|'[^']*'|[^\s>]*)/gi, '$1'),
  );
}

function Toolbar({ editor, network, author }: { editor: Editor; network: string; author: string }) {
  const state = useEditorState({
    editor,
    selector: ({ editor }) => ({
      bold: editor.isActive('bold'),
      italic: editor.isActive('italic'),
      heading: editor.isActive('heading', { level: 2 }),
      subheading: editor.isActive('heading', { level: 3 }),
      bulletList: editor.isActive('bulletList'),
      orderedList: editor.isActive('orderedList'),
      quote: editor.isActive('blockquote'),
      link: editor.isActive('link'),
    }),
  });
  const [dialog, setDialog] = useState<'link' | 'photo' | null>(null);
  const toolbar = useRef<HTMLDivElement>(null);
  const chain = () => editor.chain().focus();

  // One tab stop for the toolbar; arrow keys move between its buttons (the ARIA toolbar pattern).
  function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft' && event.key !== 'Home' && event.key !== 'End') return;
    const buttons = [...(toolbar.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const next =
      event.key === 'Home' ? 0 : event.key === 'End' ? buttons.length - 1 : (at + (event.key === 'ArrowRight' ? 1 : -1) + buttons.length) % buttons.length;
    event.preventDefault();
    buttons.forEach((button, index) => (button.tabIndex = index === next ? 0 : -1));
    buttons[next]?.focus();
  }

  return (
    <>
      <div ref={toolbar} className="editor-toolbar" role="toolbar" aria-label="Formatting" onKeyDown={moveFocus}>
        <Tool label="Bold" pressed={state.bold} first onClick={() => chain().toggleBold().run()}>
          <b>B</b>
        </Tool>
        <Tool label="Italic" pressed={state.italic} onClick={() => chain().toggleItalic().run()}>
          <i>I</i>
        </Tool>
        <Tool label="Heading" pressed={state.heading} onClick={() => chain().toggleHeading({ level: 2 }).run()}>
          H2
        </Tool>
        <Tool label="Subheading" pressed={state.subheading} onClick={() => chain().toggleHeading({ level: 3 }).run()}>
          H3
        </Tool>
        <Tool label="Bulleted list" pressed={state.bulletList} onClick={() => chain().toggleBulletList().run()}>
          • List
        </Tool>
        <Tool label="Numbered list" pressed={state.orderedList} onClick={() => chain().toggleOrderedList().run()}>
          1. List
        </Tool>
        <Tool label="Quote" pressed={state.quote} onClick={() => chain().toggleBlockquote().run()}>
          “ ”
        </Tool>
        <Tool label="Link" pressed={state.link} onClick={() => setDialog('link')}>
          Link
        </Tool>
        <Tool label="Image from my photos" onClick={() => setDialog('photo')}>
          Image
        </Tool>
      </div>
      <LinkDialog
        open={dialog === 'link'}
        initialHref={(editor.getAttributes('link').href as string | undefined) ?? ''}
        onClose={() => setDialog(null)}
        onApply={(href) => {
          setDialog(null);
          if (href) chain().extendMarkRange('link').setLink({ href }).run();
          else chain().extendMarkRange('link').unsetLink().run();
        }}
      />
      <PhotoPicker
        open={dialog === 'photo'}
        network={network}
        author={author}
        onClose={() => setDialog(null)}
        onPick={(image) => {
          setDialog(null);
          chain().setImage(image).run();
        }}
      />
    </>
  );
}

type ToolProps = { label: string; pressed?: boolean; first?: boolean; onClick: () => void; children: ReactNode };

function Tool({ label, pressed, first, onClick, children }: ToolProps) {
  return (
    <button
      type="button"
      className="tool"
      aria-label={label}
      title={label}
      aria-pressed={pressed === undefined ? undefined : pressed}
      tabIndex={first ? 0 : -1}
      // Keep the text's selection: the editor, not the button, stays focused.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
    >
      <span aria-hidden="true">{children}</span>
    </button>
  );
}
