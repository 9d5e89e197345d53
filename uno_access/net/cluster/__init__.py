"""Many servers as one service, over NATS with JetStream (``serve --cluster``).

- ``names``: the buckets, the stream and the subjects, and why they are so;
- ``connect``: the addresses of ``--cluster`` read, the connection, ``ensure`` (the
  buckets and the stream made, idempotently);
- ``lease``: which server holds a table, by the key-value bucket's own concurrency;
- ``member``: this server joined to the cluster, its presence key kept while it serves;
- ``doctor``: ``uno-access doctor --cluster``.

The first step of the work: the servers join the cluster and keep their presence there;
each still serves its own tables. nats-py is loaded by these modules alone, and only when
``--cluster`` is given.
"""
