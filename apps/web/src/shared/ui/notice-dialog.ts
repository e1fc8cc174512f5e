import './notice-dialog.css';

export interface Notice {
  title: string;
  content: string;
  confirmText: string;
}

let opened = 0;

/**
 * An announcement read in full, in the browser's own modal `<dialog>`: named by its title for
 * screen readers, focus kept inside, Esc closes it, and no dialog library on the home page's first
 * load. Resolves when the member closes it.
 */
export function showNotice({ title, content, confirmText }: Notice): Promise<void> {
  const id = `bp-notice-${++opened}`;
  const dialog = document.createElement('dialog');
  dialog.className = 'bp-notice';
  dialog.setAttribute('aria-labelledby', `${id}-title`);
  const heading = Object.assign(document.createElement('h2'), { id: `${id}-title`, className: 'bp-notice-title', textContent: title });
  const body = Object.assign(document.createElement('div'), { className: 'bp-notice-body', textContent: content });
  const button = Object.assign(document.createElement('button'), { type: 'button', className: 'bp-notice-ok', textContent: confirmText });
  button.addEventListener('click', () => dialog.close());
  dialog.append(heading, body, button);
  document.body.append(dialog);
  return new Promise((resolve) => {
    dialog.addEventListener('close', () => {
      dialog.remove();
      resolve();
    });
    dialog.showModal();
  });
}
