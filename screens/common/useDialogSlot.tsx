// Where a screen draws its dialog (a form, a question, a panel over its list), and the rows the dialog takes,
// measured after Ink laid it out: the list beside it gets the rest, whatever the dialog shows today (an error
// under a field, a wrapped message, regions still loading, a narrow terminal). No screen writes a dialog's height.
//
// A dialog is first laid out unseen (in a box of no height): its key layer registers and its rows are measured in
// that commit, and the next commit, at once, shows it with its keys in the footer and the list cut to the rest. So
// no frame shows a dialog under the screen's keys, or a list drawn over the dialog's rows. Unseen, it is laid out
// out of the flow (absolute, full width): in the flow of a box of no height Yoga gives it no height either, and the
// first frame that showed it gave the list every row (a dialog in dev mode at 60×15 lost its bottom line).
import React, {useLayoutEffect, useRef, useState} from 'react';
import {Box, measureElement, type DOMElement} from 'ink';

export interface DialogSlot {
  /** Put it where the dialog goes. */
  readonly slot: React.ReactElement;
  /** The rows the dialog takes on screen (0 while none is open or it is being laid out). */
  readonly rows: number;
}

/**
 * `dialog` is what to show (null: none); `kind` names it (`'create'`, `'delete'`): a dialog of another kind is laid
 * out unseen again first.
 */
export function useDialogSlot(dialog: React.ReactNode, kind: string): DialogSlot {
  const box = useRef<DOMElement>(null);
  const [shown, setShown] = useState<{kind: string; rows: number} | undefined>();
  const open = dialog !== null && dialog !== undefined && dialog !== false;
  const visible = open && shown?.kind === kind;
  useLayoutEffect(() => {
    // Closed: the next one, of any kind, is laid out unseen first.
    if (!open) return void (shown && setShown(undefined));
    if (!box.current) return;
    const rows = measureElement(box.current).height;
    if (shown?.kind !== kind || shown.rows !== rows) setShown({kind, rows});
    // `dialog` is a new element on every render of the screen: measured again after each (an error line appeared).
  }, [open, kind, shown, dialog]);
  const slot = open ? (
    <Box flexDirection="column" flexShrink={0} {...(visible ? {} : {height: 0, overflow: 'hidden' as const})}>
      <Box ref={box} flexDirection="column" flexShrink={0} {...(visible ? {} : {position: 'absolute' as const, width: '100%'})}>
        {dialog}
      </Box>
    </Box>
  ) : (
    <></>
  );
  return {slot, rows: visible ? shown.rows : 0};
}
