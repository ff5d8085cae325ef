import { Button, Input, Modal } from 'antd';
import { useState } from 'react';

/** Ask for a text (reject reason, payout reference) in a modal; resolves when the action succeeded. */
export function TextAction({
  label,
  title,
  placeholder,
  danger,
  testId,
  onSubmit,
}: {
  label: string;
  title: string;
  placeholder: string;
  danger?: boolean;
  testId: string;
  onSubmit: (text: string) => Promise<unknown>;
}) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  return (
    <>
      <Button size="small" danger={danger} onClick={() => setOpen(true)} data-testid={testId}>
        {label}
      </Button>
      <Modal
        open={open}
        title={title}
        onCancel={() => setOpen(false)}
        okButtonProps={{ disabled: !text.trim(), loading: busy, danger, 'data-testid': `${testId}-ok` }}
        onOk={async () => {
          setBusy(true);
          try {
            await onSubmit(text.trim());
            setOpen(false);
            setText('');
          } catch {
            // the action shows the error
          } finally {
            setBusy(false);
          }
        }}
        destroyOnHidden
      >
        <Input.TextArea
          value={text}
          maxLength={200}
          onChange={(e) => setText(e.target.value)}
          placeholder={placeholder}
          data-testid={`${testId}-text`}
        />
      </Modal>
    </>
  );
}
