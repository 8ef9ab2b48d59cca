// useDialogSlot: a dialog is measured unseen before it shows, so the frame that first shows it already gives the
// list beside it the rest of the rows. In a terminal this is the frame a person sees when the dialog opens.
import React, {useEffect, useState} from 'react';
import {Box, Text} from 'ink';
import {afterEach, expect, it} from 'vitest';
import {useDialogSlot} from '../../screens/common/useDialogSlot.js';
import {renderTui, type Tui} from '../helpers/renderTui.js';

let tui: Tui | undefined;
afterEach(() => tui?.unmount());

/** A screen whose dialog (a bordered box of 4 rows) opens right after its first frame; it prints the rows it is given. */
function Screen() {
  const [open, setOpen] = useState(false);
  useEffect(() => setOpen(true), []);
  const dialog = useDialogSlot(
    open ? (
      <Box borderStyle="round" flexDirection="column">
        <Text>! Delete model/cubes/orders.yml?</Text>
        <Text>Delete › No (y/N)</Text>
      </Box>
    ) : null,
    'delete',
  );
  return (
    <Box flexDirection="column">
      {dialog.slot}
      <Text>list gets {12 - dialog.rows} rows</Text>
    </Box>
  );
}

it('the first frame that shows a dialog gives the list the rows the dialog leaves', async () => {
  tui = renderTui(<Screen />, {columns: 60, rows: 15});
  await tui.waitForFrame('list gets 8 rows');
  const withDialog = tui.frames.filter((f) => f.includes('! Delete model/cubes/orders.yml?'));
  expect(withDialog.length).toBeGreaterThan(0);
  // Measured in a box of no height, the dialog came out 0 rows tall: it showed over a list still given all 12.
  for (const frame of withDialog) expect(frame, frame).toContain('list gets 8 rows');
});
