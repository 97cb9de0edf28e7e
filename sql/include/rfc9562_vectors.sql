-- RFC 9562 Appendix A and B (../shared/rfc9562/vectors.json), for the pg_regress files that
-- \ir this file: A.1, A.5, A.6 and B.1 all encode 2022-02-22 19:22:22 UTC.
CREATE TEMP TABLE rfc9562_vectors (id text PRIMARY KEY, u uuid NOT NULL);
INSERT INTO rfc9562_vectors VALUES
    ('A.1', 'c232ab00-9414-11ec-b3c8-9f6bdeced846'),
    ('A.2', '5df41881-3aed-3515-88a7-2f4a814cf09e'),
    ('A.3', '919108f7-52d1-4320-9bac-f847db4148a8'),
    ('A.4', '2ed6657d-e927-568b-95e1-2665a8aea6a2'),
    ('A.5', '1ec9414c-232a-6b00-b3c8-9f6bdeced846'),
    ('A.6', '017f22e2-79b0-7cc3-98c4-dc0c0c07398f'),
    ('B.1', '2489e9ad-2ee2-8e00-8ec9-32d5f69181c0'),
    ('B.2', '5c146b14-3c52-8afd-938a-375d0df1fbf6');
