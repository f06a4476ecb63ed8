/** See ports.mjs: loopback ports outside the kernel's ephemeral range, free when planned, none planned twice. */
export function unusedPorts(count: number): Promise<number[]>;
