"""Work done elsewhere: jobs and the ways to run them, the worker processes, the pool that never blocks
its caller, and the flow that runs a proof's jobs on a Dask cluster."""
