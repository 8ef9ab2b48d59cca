// The state and keys of every form: text values by field, the focused field (Tab/shift+Tab, optionally ↑/↓), the
// one problem found on Enter (shown under its field, which gets the focus), Esc, and nothing while busy. The
// form's look is FormFrame/FormField; what it checks and sends is the form's own.
import {useRef, useState} from 'react';
import {useKeys} from '../../src/ui/dispatch/Dispatcher.js';
import type {KeyHandlers} from '../../src/ui/dispatch/dispatch.js';

/** Why Enter did not submit: the field to fix and what is wrong with it. */
export interface FormProblem<K extends string> {
  readonly field: K;
  readonly text: string;
}

export interface UseFormOptions<K extends string> {
  readonly initial: Readonly<Record<K, string>>;
  /** The fields in Tab order. */
  readonly fields: readonly K[];
  /** The field that has the focus first. @default the first */
  readonly focus?: K;
  /** Fields that take no typed text (a list to choose from): letters reach nothing while one has the focus. */
  readonly choices?: readonly K[];
  /** Enter: check the values and send them, or say what to fix. */
  readonly onSubmit: (values: Readonly<Record<K, string>>) => FormProblem<K> | void;
  readonly onCancel: () => void;
  /** A request runs: keys do nothing, fields take no text. */
  readonly busy?: boolean;
  /** What Enter does here ('create'): the footer says it. */
  readonly submitLabel: string;
  /** ↑/↓ move between fields too (forms of several one-line filters). @default false */
  readonly arrows?: boolean;
  /** The form's own keys besides these (a region list's ↑/↓). */
  readonly keys?: KeyHandlers;
}

export interface FieldState {
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly focused: boolean;
  readonly error?: string;
}

export interface Form<K extends string> {
  readonly values: Readonly<Record<K, string>>;
  readonly focused: K;
  readonly setFocus: (field: K) => void;
  /** What a FormField of `id` shows and does. */
  readonly field: (id: K) => FieldState;
}

export function useForm<K extends string>(opts: UseFormOptions<K>): Form<K> {
  const {fields, busy = false} = opts;
  const [values, setValues] = useState(opts.initial);
  const [focused, setFocus] = useState<K>(opts.focus ?? fields[0]!);
  const [problem, setProblem] = useState<FormProblem<K> | undefined>();
  // Read at key time: an Enter right after the last typed character sees the whole value.
  const latest = useRef(values);
  latest.current = values;
  const step = (by: number) => () => setFocus((f) => fields[(fields.indexOf(f) + by + fields.length) % fields.length]!);
  const submit = () => {
    const found = opts.onSubmit(latest.current);
    setProblem(found ?? undefined);
    if (found) setFocus(found.field);
  };
  const choosing = (opts.choices ?? []).includes(focused);
  useKeys(
    'dialog',
    {
      // One field: Tab has nowhere to go, and the footer does not offer it.
      ...(fields.length > 1 ? {'form.next': step(1), 'form.prev': step(-1)} : {}),
      ...(opts.arrows && fields.length > 1 ? {'form.down': step(1), 'form.up': step(-1)} : {}),
      ...opts.keys,
      'form.submit': () => void (busy || submit()),
      'form.cancel': () => void (busy || opts.onCancel()),
      // Modal: typed text goes to the focused field (the layer below); nothing reaches the screen.
      '*': () => busy || choosing,
    },
    {labels: {'form.submit': opts.submitLabel}},
  );
  return {
    values,
    focused,
    setFocus,
    field: (id) => ({
      value: values[id],
      focused: focused === id && !busy,
      error: problem?.field === id ? problem.text : undefined,
      onChange: (v) => {
        latest.current = {...latest.current, [id]: v};
        setValues(latest.current);
        setProblem(undefined);
      },
    }),
  };
}
