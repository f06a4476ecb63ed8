import { z } from '@platform/lib/validation';
import { graphql } from './generated/index.js';
import type { FilterOptionFieldsFragment } from './generated/graphql.js';
import { count } from './response.shapes.js';

/** Filter options as the graph answers them: departments and participants carry their directory record. */
graphql(`
  fragment FilterOptionFields on TaskFilterOptions {
    departments {
      value
      count
      department {
        name
      }
    }
    participants {
      value
      count
      employee {
        name
      }
    }
    priorities {
      value
      label
      count
    }
    statuses {
      value
      label
      count
    }
    tags {
      value
      label
      count
    }
  }
`);

interface Option {
  value: string;
  label: string;
  count: number;
}

/**
 * The spec's Filter options, each option exactly `{ value, label, count }`. A department's or participant's label
 * is its name in the directory; an id the directory does not know keeps its option, labelled with the id
 * (decisions: Tasks, filter options).
 */
export function filterOptionsOf(options: FilterOptionFieldsFragment) {
  const option = ({ value, label, count }: Option): Option => ({ value, label, count });
  return {
    departments: options.departments.map(({ value, count, department }) =>
      option({ value, label: department?.name ?? value, count }),
    ),
    participants: options.participants.map(({ value, count, employee }) =>
      option({ value, label: employee?.name ?? value, count }),
    ),
    priorities: options.priorities.map(option),
    statuses: options.statuses.map(option),
    tags: options.tags.map(option),
  };
}

const options = z.array(z.strictObject({ value: z.string(), label: z.string(), count }));

export const filterOptionsShape = z.strictObject({
  departments: options.describe('value: the department id; label: its name'),
  participants: options.describe('value: the employee id; label: the name'),
  priorities: options,
  statuses: options,
  tags: options,
});

const counts = z.record(count);

export const statisticsShape = z.strictObject({
  total: count,
  byStatus: counts,
  byPriority: counts,
  byDepartment: counts.describe('Keyed by department id'),
});
