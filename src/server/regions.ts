// Regions a deployment can be created in. Static: the local service has no infrastructure to enumerate.
import type {Region} from '../contract/index.js';

export const REGIONS: readonly Region[] = [
  {id: 1, name: 'aws-us-east-1', title: 'US East (N. Virginia)', provider: 'aws'},
  {id: 2, name: 'aws-eu-central-1', title: 'Europe (Frankfurt)', provider: 'aws'},
  {id: 3, name: 'gcp-us-central1', title: 'US Central (Iowa)', provider: 'gcp'},
  {id: 4, name: 'gcp-europe-west3', title: 'Europe West (Frankfurt)', provider: 'gcp'},
  {id: 5, name: 'cubecloud-local', title: 'Local (this machine)', provider: 'cubecloud'},
];
