import sys

from printkit.html import main

sys.exit(main())
