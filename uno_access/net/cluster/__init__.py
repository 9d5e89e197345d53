"""Many servers as one service, over NATS with JetStream (``serve --cluster``).

- ``names``: the buckets, the stream and the subjects, and why they are so;
- ``connect``: the addresses of ``--cluster`` read, the connection, ``ensure`` (the
  buckets and the stream made, idempotently);
- ``lease``: which server holds a table, by the key-value bucket's own concurrency;
- ``member``: this server joined to the cluster, its presence key kept while it serves;
- ``doctor``: ``uno-access doctor --cluster``;
- ``entries``: a table's log entries, in the texts of the tables file;
- ``journal``: a table's journal appended to its subject, refused once the lease is lost;
- ``readback``: a table read back from its subject, to be rebuilt by a new owner;
- ``holding``: the tables ``serve --cluster`` holds: numbered, leased, journaled, told
  only once written, and taken over from a server that died;
- ``far``: the tables other servers hold: listed in every lobby, and sat at, watched and
  played from any server (requests to the holder, a copy rebuilt from the log).

The servers join the cluster, keep their presence there, hold their tables there and
share one list of tables; each still has its own accounts, friends and lobby chat (a
next step shares them).
nats-py is loaded by these modules alone, and only when ``--cluster`` is given.
"""
