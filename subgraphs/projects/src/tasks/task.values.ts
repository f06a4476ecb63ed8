/** Task priorities, as the projects spec lists them (Task), in rising order: `sortBy=priority` follows it. */
export const taskPriorities = ['low', 'medium', 'high', 'urgent'] as const;

export type TaskPriority = (typeof taskPriorities)[number];
