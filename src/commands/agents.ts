// `svc agents`: the spec names the group, but the platform's published API description
// publishes no agent operations — agents appear there only as permission names (AgentRead, AgentManage, …) and as
// the `Agent`/`AgentSpace` resource types of role policies. Inventing paths would break the fidelity rule, so the
// group says where agent access is managed and which commands reach it.
import type {Command} from '@commander-js/extra-typings';

const NOTE = `The platform API publishes no agent operations, so svc cannot list or change agents.
What the API does cover:
  svc policies list                 roles; their policies grant Agent and AgentSpace resources
                                    (AgentRead, AgentManage, AgentSpaceManage, AgentAdmin, DeploymentAgentRead)
  svc dbt history 1 --trigger agent dbt syncs the agent started
`;

export function register(program: Command): void {
  program
    .command('agents')
    .alias('agent')
    .description('AI agents: what the API exposes of them (role policies, agent-triggered dbt syncs)')
    .addHelpText('after', `\n${NOTE}`)
    .action(() => void process.stdout.write(NOTE));
}
