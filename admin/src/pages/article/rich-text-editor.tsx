// The article body editor (its own chunk: article-form.tsx loads it with React.lazy, so tiptap
// and ProseMirror load only when an operator opens an article). A toolbar over tiptap's
// StarterKit (headings, bold/italic, lists, links, quote), 插入图片 (uploads, then adds the picture in
// source mode), and an HTML source mode for what the
// toolbar cannot make (images from /media, tables) — StarterKit has no image or table node, so a
// body holding one opens in source mode rather than losing it on the first keystroke. Whatever
// arrives here, the server sanitises before storing.
import { useState } from 'react';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { ImageUploadButton } from '../../widgets/image-upload-button.tsx';
import { buttonClass } from '@ui/button.ts';
import styles from './article-page.module.css';

export interface RichTextEditorProps {
  value: string;
  onChange: (html: string) => void;
  /** Names the editing area for screen readers. */
  label: string;
  invalid?: boolean;
}

/** Nodes StarterKit cannot hold: editing such a body visually would drop them. */
const needsSource = (html: string) => /<(img|table)\b/i.test(html);

export default function RichTextEditor({ value, onChange, label, invalid }: RichTextEditorProps) {
  const [source, setSource] = useState(() => needsSource(value));
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        link: { openOnClick: false, protocols: ['http', 'https'] },
      }),
    ],
    content: value,
    immediatelyRender: true,
    editorProps: {
      attributes: { 'aria-label': label, 'aria-multiline': 'true', role: 'textbox', class: styles.prose },
    },
    onUpdate: ({ editor: e }) => onChange(e.getHTML()),
  });
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e?.isActive('bold') ?? false,
      italic: e?.isActive('italic') ?? false,
      h2: e?.isActive('heading', { level: 2 }) ?? false,
      h3: e?.isActive('heading', { level: 3 }) ?? false,
      bullet: e?.isActive('bulletList') ?? false,
      ordered: e?.isActive('orderedList') ?? false,
      link: e?.isActive('link') ?? false,
    }),
  });

  const toggleSource = () => {
    if (source) editor?.commands.setContent(value, { emitUpdate: false });
    setSource(!source);
  };

  const setLink = () => {
    if (!editor) return;
    const href = window.prompt(
      '链接地址（http(s):// 开头，或站内路径如 /help/hyzc）',
      (editor.getAttributes('link').href as string | undefined) ?? 'https://',
    );
    if (href === null) return;
    if (href.trim() === '') editor.chain().focus().unsetLink().run();
    else editor.chain().focus().extendMarkRange('link').setLink({ href: href.trim() }).run();
  };

  const tool = (name: string, on: boolean, run: () => void) => (
    <button
      type="button"
      className={buttonClass(on ? 'primary' : 'outline', { size: 'sm' })}
      aria-pressed={on}
      disabled={source}
      onClick={run}
    >
      {name}
    </button>
  );

  return (
    <div className={invalid ? `${styles.editor} ${styles.editorInvalid}` : styles.editor}>
      <div role="toolbar" aria-label="正文格式" className={styles.toolbar}>
        {tool('标题', active?.h2 ?? false, () => editor?.chain().focus().toggleHeading({ level: 2 }).run())}
        {tool('小标题', active?.h3 ?? false, () => editor?.chain().focus().toggleHeading({ level: 3 }).run())}
        {tool('粗体', active?.bold ?? false, () => editor?.chain().focus().toggleBold().run())}
        {tool('斜体', active?.italic ?? false, () => editor?.chain().focus().toggleItalic().run())}
        {tool('项目符号', active?.bullet ?? false, () => editor?.chain().focus().toggleBulletList().run())}
        {tool('编号列表', active?.ordered ?? false, () => editor?.chain().focus().toggleOrderedList().run())}
        {tool('链接', active?.link ?? false, setLink)}
        <ImageUploadButton
          label="插入图片"
          onUploaded={(url) => {
            // StarterKit has no image node: the picture goes into the HTML, shown in source mode.
            onChange(`${value}<p><img src="${url}" alt=""></p>`);
            setSource(true);
          }}
        />
        <span className={styles.toolbarGap} />
        <button
          type="button"
          className={buttonClass('link', { size: 'sm' })}
          aria-pressed={source}
          onClick={toggleSource}
        >
          {source ? '返回可视化编辑' : 'HTML 源码'}
        </button>
      </div>
      {source ? (
        <textarea
          aria-label={`${label}（HTML 源码）`}
          className={styles.source}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          spellCheck={false}
        />
      ) : (
        <EditorContent editor={editor} />
      )}
    </div>
  );
}
