// One data-model file of a branch, read-only: the log pager (j/k PgUp/PgDn g/G scroll, w wraps, / finds) over
// the file's lines, YAML coloured; d diffs it against another branch, t enters dev mode on the branch. A binary
// file, a file too large to colour and a file the branch does not have each say so.
import React, {useMemo, useState} from 'react';
import {Box, Text} from 'ink';
import {useQuery} from '@tanstack/react-query';
import {safeLine} from '../src/lib/safeText.js';
import {dataModelQueries} from '../src/queries/dataModel.js';
import {LogPager} from '../src/ui/components/LogPager.js';
import {StateView} from '../src/ui/components/StateView.js';
import {useKeys} from '../src/ui/dispatch/Dispatcher.js';
import {useApi} from '../src/ui/hooks/useApi.js';
import {useBodySize} from '../src/ui/hooks/useBodySize.js';
import {useNavActions} from '../src/ui/hooks/useNav.js';
import {useTitle} from '../src/ui/hooks/useTitle.js';
import type {ScreenProps} from '../src/ui/screen.js';
import {color, glyph} from '../src/ui/theme.js';
import {CompareFlow} from './files/CompareFlow.js';
import {devModeOn} from './files/devEntry.js';
import {kb, lookOf, type ViewLine} from './files/fileView.js';
import {yamlLines} from './files/yaml.js';
import {YamlLine} from './files/YamlLine.js';
import {useDeploymentName} from './useDeploymentName.js';

const lineText = (l: ViewLine) => l.text;

export function FileScreen({params}: ScreenProps) {
  const api = useApi();
  const nav = useNavActions();
  const body = useBodySize();
  const id = params.deploymentId ?? '';
  const branch = params.fileBranch ?? '';
  const path = params.filePath ?? '';
  const {name, deployBranch} = useDeploymentName(params);
  useTitle('File', `${path} @ ${branch}`);
  const files = useQuery(dataModelQueries.files(api, id, branch));
  const [comparing, setComparing] = useState(false);
  const content = files.data?.find((f) => f.path === path)?.content;
  const look = useMemo(() => (content === undefined ? undefined : lookOf(path, content)), [path, content]);
  const coloured = useMemo(() => (look?.kind === 'text' && look.highlight ? yamlLines(look.lines.map(lineText).join('\n')) : undefined), [look]);
  useKeys(
    'screen',
    {
      'file.diff': () => setComparing(true),
      'file.dev': () => nav.push(devModeOn(id, name, branch)),
    },
    {active: !comparing},
  );

  const missing = files.data !== undefined && content === undefined;
  const about = look?.kind === 'text' ? `${look.lines.length} line${look.lines.length === 1 ? '' : 's'} · ${kb(content?.length ?? 0)}` : '';
  const height = Math.max(2, body.height - 1);
  return (
    <Box flexDirection="column">
      <Text color={color.muted} wrap="truncate-end">
        <Text color={color.accent}>{safeLine(path)}</Text> on {safeLine(branch)}
        {branch === deployBranch ? ' (deploy branch)' : ''} · read-only{about ? ` · ${about}` : ''}
        {look?.kind === 'text' && look.note ? <Text color={color.warn}> · {look.note}</Text> : null}
      </Text>
      {comparing ? (
        <CompareFlow deploymentId={id} deployBranch={deployBranch} branch={branch} path={path} height={height} onClose={() => setComparing(false)} />
      ) : (
        <StateView query={files} noun={safeLine(`${path} on ${branch}`)}>
          {missing ? (
            <Text color={color.warn} wrap="wrap">
              {glyph.warn} {safeLine(path)} is not on branch {safeLine(branch)} (deleted or renamed there?) · d compares it with another branch
            </Text>
          ) : look?.kind === 'binary' ? (
            <Text color={color.warn} wrap="wrap">
              {glyph.warn} {safeLine(look.message)}
            </Text>
          ) : look ? (
            <LogPager
              memory={`${branch}:${path}`}
              lines={look.lines}
              text={lineText}
              start="top"
              search
              height={height}
              noun="lines"
              emptyText={`${safeLine(path)} is empty`}
              following="end of file"
              render={(l) => (coloured ? <YamlLine tokens={coloured[l.seq] ?? []} /> : safeLine(l.text))}
            />
          ) : null}
        </StateView>
      )}
    </Box>
  );
}
