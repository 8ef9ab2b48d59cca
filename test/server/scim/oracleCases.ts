// The PatchOp lists the SCIM oracle test applies both through the service and through the scim-patch package,
// on the same starting user. Paths use the attribute names' canonical case.
import {SCIM_ENTERPRISE_SCHEMA as ENT} from '../../../src/contract/scim.js';

export interface OracleCase {
  name: string;
  ops: Array<{op: string; path?: string; value?: unknown}>;
}

export const START = {
  schemas: ['urn:ietf:params:scim:schemas:core:2.0:User', ENT],
  externalId: 'ext-1',
  // A name.formatted the provider wrote: the service keeps it through changes to the other parts, as scim-patch does.
  name: {givenName: 'Grace', familyName: 'Hopper', formatted: 'Rear Admiral Grace Brewster Hopper'},
  displayName: 'Grace H.',
  emails: [
    {value: 'grace@work.example', type: 'work', primary: true},
    {value: 'grace@home.example', type: 'home'},
  ],
  active: true,
  [ENT]: {employeeNumber: '42', department: 'Research', manager: {value: 'boss-1', displayName: 'Boss'}},
};

export const CASES: OracleCase[] = [
  {name: 'replace a simple attribute', ops: [{op: 'replace', path: 'displayName', value: 'Amazing Grace'}]},
  {name: 'add a simple attribute', ops: [{op: 'add', path: 'externalId', value: 'ext-2'}]},
  {name: 'remove a simple attribute', ops: [{op: 'remove', path: 'displayName'}]},
  {name: 'replace active with a boolean', ops: [{op: 'replace', path: 'active', value: false}]},
  {name: 'replace a sub-attribute of a complex attribute', ops: [{op: 'replace', path: 'name.familyName', value: 'Murray'}]},
  {name: 'replace a complex attribute keeps the unnamed sub-attributes', ops: [{op: 'replace', path: 'name', value: {givenName: 'G.'}}]},
  {name: 'add to a complex attribute merges', ops: [{op: 'add', path: 'name', value: {familyName: 'Brewster'}}]},
  {name: 'remove a sub-attribute', ops: [{op: 'remove', path: 'name.givenName'}]},
  {name: 'replace name.formatted', ops: [{op: 'replace', path: 'name.formatted', value: 'Grace B. Hopper'}]},
  {name: 'add name with only formatted keeps the other parts', ops: [{op: 'add', path: 'name', value: {formatted: 'Dr. Grace Hopper'}}]},
  {name: 'path-less replace of name.formatted', ops: [{op: 'replace', value: {'name.formatted': 'G. Hopper'}}]},
  {name: 'remove a complex attribute', ops: [{op: 'remove', path: 'name'}]},
  {name: 'add an email (multi-valued add appends)', ops: [{op: 'add', path: 'emails', value: [{value: 'g@other.example', type: 'other'}]}]},
  {name: 'replace all emails', ops: [{op: 'replace', path: 'emails', value: [{value: 'only@work.example', type: 'work', primary: true}]}]},
  {name: 'remove all emails', ops: [{op: 'remove', path: 'emails'}]},
  {name: 'remove emails by value filter', ops: [{op: 'remove', path: 'emails[type eq "home"]'}]},
  {name: 'replace a sub-attribute through a value filter', ops: [{op: 'replace', path: 'emails[type eq "work"].value', value: 'grace@new.example'}]},
  {name: 'replace a whole value through a value filter', ops: [{op: 'replace', path: 'emails[type eq "home"]', value: {value: 'grace@cottage.example'}}]},
  {name: 'replace through a value filter that matches nothing', ops: [{op: 'replace', path: 'emails[type eq "other"].value', value: 'x@y.example'}]},
  {name: 'replace through a value filter on a boolean', ops: [{op: 'replace', path: 'emails[primary eq true].value', value: 'main@work.example'}]},
  {name: 'path-less replace of several attributes', ops: [{op: 'replace', value: {displayName: 'GH', active: false, externalId: 'ext-9'}}]},
  {name: 'path-less add with a dotted attribute name', ops: [{op: 'add', value: {'name.givenName': 'Gracie'}}]},
  {name: 'path-less replace of a complex attribute keeps the unnamed sub-attributes', ops: [{op: 'replace', value: {name: {familyName: 'H.'}}}]},
  {name: 'replace an extension attribute', ops: [{op: 'replace', path: `${ENT}:department`, value: 'Navy'}]},
  {name: 'add an extension attribute', ops: [{op: 'add', path: `${ENT}:costCenter`, value: 'CC-1'}]},
  {name: 'remove an extension attribute', ops: [{op: 'remove', path: `${ENT}:employeeNumber`}]},
  {name: 'replace a sub-attribute of the extension manager', ops: [{op: 'replace', path: `${ENT}:manager.value`, value: 'boss-2'}]},
  {name: 'replace the extension manager keeps its unnamed sub-attributes', ops: [{op: 'replace', path: `${ENT}:manager`, value: {value: 'boss-3'}}]},
  {name: 'path-less add of the extension object', ops: [{op: 'add', value: {[ENT]: {division: 'North', department: 'Ops'}}}]},
  {name: 'remove the extension manager', ops: [{op: 'remove', path: `${ENT}:manager`}]},
  {
    name: 'several operations in order',
    ops: [
      {op: 'add', path: 'emails', value: [{value: 'g@extra.example', type: 'other'}]},
      {op: 'remove', path: 'emails[type eq "home"]'},
      {op: 'replace', path: 'name.givenName', value: 'Amazing'},
      {op: 'replace', path: `${ENT}:department`, value: 'Fleet'},
      {op: 'remove', path: 'displayName'},
    ],
  },
  {name: 'remove with a value filter that matches nothing', ops: [{op: 'remove', path: 'emails[type eq "other"]'}]},
  {name: 'add through a value filter that matches nothing', ops: [{op: 'add', path: 'emails[type eq "other"].value', value: 'g@other.example'}]},
];
