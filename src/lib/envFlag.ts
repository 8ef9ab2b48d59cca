// Environment switches (CI, SVC_NO_UPDATE_CHECK, SVC_NO_TELEMETRY, …) read one way everywhere: a variable is on when
// it is set to anything but '', '0' or 'false' (any case), so `CI=false` and `SVC_NO_TELEMETRY=0` mean off.

/** Whether an environment switch is on. */
export function envFlag(value: string | undefined): boolean {
  return value !== undefined && value !== '' && value !== '0' && value.toLowerCase() !== 'false';
}
