// What a compiled model exposes to data API clients (/cubejs-api/v1/meta): cubes and views with their members.
import {titleOf} from '../compiler/index.js';
import type {CompiledCube, CompiledModel} from '../compiler/types.js';

interface MetaMember {
  name: string;
  title: string;
  shortTitle: string;
  type: string;
}

export interface MetaCube {
  name: string;
  title: string;
  type: 'cube' | 'view';
  measures: MetaMember[];
  dimensions: MetaMember[];
  segments: MetaMember[];
}

const member = (owner: string, name: string, title: string, type: string): MetaMember =>
  ({name: `${owner}.${name}`, title: `${titleOf(owner)} ${title}`, shortTitle: title, type});

function cubeMembers(cube: CompiledCube) {
  return {
    measures: [...cube.measures.values()].map((m) => member(cube.name, m.name, m.title, m.type)),
    dimensions: [...cube.dimensions.values()].map((d) => member(cube.name, d.name, d.title, d.type)),
    segments: [...cube.segments.values()].map((s) => member(cube.name, s.name, titleOf(s.name), 'boolean')),
  };
}

export function describeModel(model: CompiledModel): MetaCube[] {
  const cubes = [...model.cubes.values()].map((c): MetaCube => ({name: c.name, title: titleOf(c.name), type: 'cube', ...cubeMembers(c)}));
  const views = [...model.views.values()].map((v): MetaCube => {
    const out: MetaCube = {name: v.name, title: titleOf(v.name), type: 'view', measures: [], dimensions: [], segments: []};
    for (const m of v.members.values()) {
      const cube = model.cubes.get(m.cube)!;
      const source = m.kind === 'measure' ? cube.measures.get(m.member)! : m.kind === 'dimension' ? cube.dimensions.get(m.member)! : undefined;
      const type = source ? source.type : 'boolean';
      const title = source ? source.title : titleOf(m.member);
      out[`${m.kind}s`].push(member(v.name, m.name, title, type));
    }
    return out;
  });
  return [...cubes, ...views];
}
