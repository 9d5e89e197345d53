"""Many servers as one service, over NATS with JetStream (``serve --cluster``).

- ``names``: the buckets, the stream and the subjects, and why they are so;
- ``connect``: the addresses of ``--cluster`` read, the connection, ``ensure`` (the
  buckets and the stream made, idempotently);
- ``lease``: which server holds a table, by the key-value bucket's own concurrency;
- ``member``: this server joined to the cluster, its presence key kept while it serves;
- ``doctor``: ``uno-access doctor --cluster``;
- ``entries``: a table's log entries, in the texts of the tables file;
- ``journal``: a table's journal appended to its subject, refused once the lease is lost;
- ``readback``: a table read back from its subject, to be rebuilt by a new owner.

The servers join the cluster and keep their presence there; each still serves its own
tables: the journal and the read-back are built and tested, not yet used by ``serve``.
nats-py is loaded by these modules alone, and only when ``--cluster`` is given.
"""
