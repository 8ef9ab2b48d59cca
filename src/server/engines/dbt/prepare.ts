// The work of a sync, done for real when it starts: check out the ref of the sample repository, compile the
// project into a manifest (or take the uploaded one), read the manifest, generate the cube files and check that
// they compile. The result is a plan — which stage fails and with what output, or the files — that the engine
// then reveals stage by stage on the clock.
import type {DbtStage} from '../../../contract/dbt.js';
import {sha1} from '../../store/trees.js';
import {compileModel} from '../compiler/index.js';
import {compileProject, DbtCompileError, manifestSchemaVersion} from './compile.js';
import {generateCubeFiles, type GeneratedFile} from './cubes.js';
import {ManifestError, readManifest, type ReadManifest} from './manifest.js';
import {plannedStages, type LogLine, type RunPlan} from './phases.js';
import {DBT_REPOSITORY, projectAt, type DbtProject} from './project.js';

export interface PrepareInput {
  syncJobId: string;
  workflowId: string;
  source: 'git' | 'manifest';
  output: 'branch' | 'files';
  /** The ref to check out (git source); the integration's saved branch when the caller gave none. */
  ref: string;
  manifest?: Record<string, unknown>;
  startedAt: number;
}

export interface Prepared {
  plan: RunPlan;
  files: GeneratedFile[];
}

const info = (message: string): LogLine => ({level: 'info', message});
const error = (message: string): LogLine => ({level: 'error', message});

/** What a run's work produced; the stages and their durations are added per run. */
export type Work = Omit<RunPlan, 'stages'> & {files: GeneratedFile[]};

/**
 * The sample repository is code, so the work for a ref is the same every time: it is done once per process. The
 * manifest timestamp is the only part that depends on the run, and is set per run below.
 */
const GIT_WORK = new Map<string, Work>();

/** `reuse` lets the demo seed convert its one uploaded manifest once for all the runs that upload it. */
export function prepareRun(input: PrepareInput, reuse?: Map<string, Work>): Prepared {
  const cache = input.source === 'git' ? GIT_WORK : reuse;
  const key = input.source === 'git' ? input.ref : 'manifest';
  let work = cache?.get(key);
  if (!work) {
    work = doWork(input);
    cache?.set(key, work);
  }
  const {files, ...outcome} = work;
  const stages = plannedStages(input.source, input.syncJobId);
  const reached = outcome.failStage ? stages.findIndex((s) => s.stage === outcome.failStage) + 1 : stages.length;
  const plan: RunPlan = {
    ...outcome,
    stages: stages.slice(0, reached),
    lines: {...outcome.lines, INITIALIZING: [info(`Workflow ${input.workflowId} scheduled (source ${input.source}, output ${input.output})`)]},
    stats: outcome.stats && input.source === 'git' ? {...outcome.stats, manifestGeneratedAt: new Date(input.startedAt).toISOString()} : outcome.stats,
  };
  return {plan, files};
}

function doWork(input: PrepareInput): Work {
  const plan: Work = {failStage: null, error: null, lines: {}, stats: null, headSha: null, files: []};
  const fail = (stage: DbtStage, message: string, output: LogLine[] = message.split('\n').map(error)): Work => {
    plan.failStage = stage;
    plan.error = message;
    plan.lines[stage] = [...(plan.lines[stage] ?? []), ...output];
    return plan;
  };
  let manifest: unknown = input.manifest;
  if (input.source === 'git') {
    plan.lines.CREATING_SANDBOX = [info('Sandbox ready: python 3.11, 2 vCPU, 4 GiB memory')];
    const project = projectAt(input.ref);
    if (!project) {
      return fail('UPLOADING_PROJECT', `could not check out ${input.ref}: no branch or tag ${input.ref} in ${DBT_REPOSITORY.url}`, [
        info(`git clone --depth 1 --branch ${input.ref} ${DBT_REPOSITORY.url}`),
        error(`fatal: Remote branch ${input.ref} not found in upstream origin`),
      ]);
    }
    plan.headSha = sha1(`${DBT_REPOSITORY.url}#${input.ref}`);
    plan.lines.UPLOADING_PROJECT = [info(`Checked out ${input.ref} at ${plan.headSha.slice(0, 7)} from ${DBT_REPOSITORY.url} (${project.models.length} models)`)];
    plan.lines.INSTALLING_DEPENDENCIES = [info(`Installed dbt-core==${project.dbtVersion} dbt-sqlite==${adapterVersion(project)}`)];
    plan.lines.RUNNING_DBT_DEPS = project.packages.map((p) => info(`Installed package ${p}`));
    try {
      manifest = compileProject(project, {generatedAt: new Date(input.startedAt).toISOString(), invocationId: input.workflowId});
    } catch (e) {
      if (!(e instanceof DbtCompileError)) throw e;
      return fail('COMPILING_DBT', e.message, [info(`Running with dbt=${project.dbtVersion}`), ...e.message.split('\n').map(error)]);
    }
    plan.lines.COMPILING_DBT = compileSummary(project, manifest as Record<string, unknown>);
  }
  let read: ReadManifest;
  try {
    read = readManifest(manifest);
  } catch (e) {
    if (!(e instanceof ManifestError)) throw e;
    return fail('PROCESSING_MANIFEST', `could not process the dbt manifest: ${e.message}`);
  }
  plan.lines.PROCESSING_MANIFEST = [
    info(`Read manifest v${read.schemaVersion}${read.dbtVersion ? ` written by dbt ${read.dbtVersion}` : ''}: ${read.stats.models} models, ${read.stats.sources} sources, ${read.stats.macros} macros`),
    ...read.skipped.map((s) => info(`warning: skipped ${s}`)),
  ];
  const files = generateCubeFiles(read);
  const check = compileModel(files.map((f) => ({path: f.path, content: f.content})));
  plan.stats = {...read.stats, dbtVersion: read.dbtVersion, manifestGeneratedAt: read.generatedAt, cubeCount: check.cubesCount, generatedFileCount: files.length};
  if (!check.valid) {
    const first = check.errors.slice(0, 3).map((e) => `${e.file}${e.line ? `:${e.line}` : ''}: ${e.message}`);
    return fail('WRITING_CUBE_FILES', `the generated model does not compile: ${first.join('; ')}`);
  }
  plan.lines.WRITING_CUBE_FILES = [
    ...files.map((f) => info(`Wrote ${f.path}: cube ${f.cube} (${plural(f.dimensions, 'dimension')}, ${plural(f.measures, 'measure')}, ${plural(f.joins, 'join')})`)),
    info(`The generated model compiles: ${check.cubesCount} cubes`),
  ];
  plan.files = files;
  return plan;
}

function compileSummary(project: DbtProject, manifest: Record<string, unknown>): LogLine[] {
  const nodes = Object.values(manifest.nodes as Record<string, {resource_type: string}>);
  const tests = nodes.filter((n) => n.resource_type === 'test').length;
  const macros = Object.keys(manifest.macros as object).length;
  return [
    info(`Running with dbt=${project.dbtVersion}`),
    info(`Found ${project.models.length} models, ${tests} data tests, ${project.sources.length} sources, ${macros} macros`),
    info(`Compiled ${project.models.length} models; wrote target/manifest.json (schema v${manifestSchemaVersion(project.dbtVersion)})`),
  ];
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

function adapterVersion(project: DbtProject): string {
  return project.dbtVersion.replace(/\.\d+$/, '.0');
}
