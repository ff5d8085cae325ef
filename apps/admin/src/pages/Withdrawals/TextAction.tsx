/**
 * A row action that asks for a text (a reject reason, a payout reference) in a modal before it runs: the OK button is
 * disabled while the text is blank and spins while the write (`pending`, the mutation's state) is in flight; the modal
 * closes and forgets the text when `onSubmit` resolves and stays open when it rejects (the mutation shows the error).
 */
import { Button, Input, Modal } from 'antd';
import { useState } from 'react';

export function TextAction({
  label,
  title,
  placeholder,
  danger,
  testId,
  pending,
  onSubmit,
}: {
  label: string;
  title: string;
  placeholder: string;
  danger?: boolean;
  testId: string;
  /** The write is in flight (useMutation's `isPending`). */
  pending?: boolean;
  /** Runs the write with the trimmed text (useMutation's `mutateAsync`). */
  onSubmit: (text: string) => Promise<unknown>;
}) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  return (
    <>
      <Button size="small" danger={danger} onClick={() => setOpen(true)} data-testid={testId}>
        {label}
      </Button>
      <Modal
        open={open}
        title={title}
        onCancel={() => setOpen(false)}
        okButtonProps={{ disabled: !text.trim(), loading: pending, danger, 'data-testid': `${testId}-ok` }}
        onOk={() =>
          onSubmit(text.trim()).then(
            () => {
              setOpen(false);
              setText('');
            },
            () => undefined,
          )
        }
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
