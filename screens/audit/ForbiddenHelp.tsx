// The 403 of the audit export, said plainly: why (the service's own words) and what to do about it.
import React from 'react';
import {Box, Text} from 'ink';
import {ApiError} from '../../src/api/errors.js';
import {color, glyph} from '../../src/ui/theme.js';

export function isForbidden(err: unknown): err is ApiError {
  return err instanceof ApiError && err.status === 403;
}

/** `retry`: the last line, how to try again from where the message is shown. */
export function ForbiddenHelp({error, retry = 'Then press r to try again.'}: {error: ApiError; retry?: string}) {
  const missingPermission = /AuditLogManage/i.test(error.detail);
  return (
    <Box flexDirection="column">
      <Text color={color.error}>
        {glyph.fail} The audit log is not available to this credential (403): {error.detail || 'forbidden'}
      </Text>
      <Text>
        {missingPermission
          ? 'What to do: ask a tenant admin to give your API key (or user role) the AuditLogManage permission, or sign in with one that has it.'
          : 'What to do: a tenant admin must turn the audit log on (the plan feature, and auditLogEnabled in the tenant settings), and your key needs AuditLogManage.'}
      </Text>
      <Text color={color.muted}>{retry}</Text>
    </Box>
  );
}
